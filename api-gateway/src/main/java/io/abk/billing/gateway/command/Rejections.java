package io.abk.billing.gateway.command;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.readmodel.projection.CommandOutcome;

/**
 * An aggregate's rejection as the API answers it: 404 for {@code resource_missing} (what another merchant's or
 * mode's resource looks like), 409 for {@code customer_exists} (the wallet has its customer) and {@code promotion_code_exists}, else 400, with the
 * aggregate's code and sentence.
 */
public final class Rejections {

    private Rejections() {}

    public static void throwIfRejected(CommandOutcome outcome) {
        if (!outcome.accepted()) {
            throw of(outcome);
        }
    }

    public static ApiException of(CommandOutcome outcome) {
        var code = outcome.rejectionCode() != null ? outcome.rejectionCode() : ErrorCodes.VALIDATION_ERROR;
        var message = outcome.rejectionMessage() != null ? outcome.rejectionMessage() : "The request was refused";
        return new ApiException(status(code), code, message);
    }

    private static int status(String code) {
        return switch (code) {
            case ErrorCodes.RESOURCE_MISSING -> 404;
            case ErrorCodes.CUSTOMER_EXISTS, ErrorCodes.PROMOTION_CODE_EXISTS -> 409;
            default -> 400;
        };
    }
}
