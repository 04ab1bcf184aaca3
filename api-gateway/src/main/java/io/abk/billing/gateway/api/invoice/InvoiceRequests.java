package io.abk.billing.gateway.api.invoice;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.money.UsdcAmount;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The bodies of the invoice actions, validated through {@link RequestFields}; no body reads as {@code {}}. */
final class InvoiceRequests {

    /** The simulator's outcomes a test-mode charge may ask for (docs/architecture.md, "Charge retries (dunning)"). */
    static final Set<String> SANDBOX_MODES = Set.of("success", "insufficient_balance", "allowance_revoked");

    private InvoiceRequests() {}

    /**
     * {@code {sandboxMode?}}: test mode only. Any {@code sandboxMode} with a live key is 400
     * {@code sandbox_not_allowed}, whatever its value: a live charge is never simulated.
     */
    static @Nullable String sandboxMode(Caller caller, RequestFields fields) {
        if (!caller.isTest() && fields.has("sandboxMode")) {
            throw new ApiException(
                    400,
                    ErrorCodes.SANDBOX_NOT_ALLOWED,
                    "sandboxMode is for test mode only: a live charge always runs on chain",
                    "sandboxMode",
                    null);
        }
        return fields.optionalOneOf("sandboxMode", SANDBOX_MODES).orElse(null);
    }

    /** {@code {amountUsdc?}}: positive with at most 6 decimals; absent refunds all that is left. */
    static @Nullable Long refundMicros(RequestFields fields) {
        return fields.optionalPositiveAmount("amountUsdc")
                .map(UsdcAmount::micros)
                .orElse(null);
    }
}
