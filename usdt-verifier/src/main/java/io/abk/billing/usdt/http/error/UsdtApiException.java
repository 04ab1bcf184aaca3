package io.abk.billing.usdt.http.error;

import io.abk.billing.opskit.web.ErrorAnswerException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A request that cannot be served: the HTTP status, the snake_case {@code code}, the human sentence, the field it
 * is about and, for a transaction that does not match, its {@code outcome}. Never used for bugs: those are 500s.
 */
public final class UsdtApiException extends ErrorAnswerException {

    private final @Nullable String outcome;

    public UsdtApiException(
            int status,
            String code,
            String message,
            @Nullable String param,
            @Nullable String outcome,
            @Nullable Duration retryAfter) {
        super(status, code, message, param, retryAfter);
        this.outcome = outcome;
    }

    public UsdtApiException(int status, String code, String message) {
        this(status, code, message, null, null, null);
    }

    /** 400 {@code validation_error} about one request field, named in the message and in {@code param}. */
    public static UsdtApiException invalid(String param, String message) {
        return new UsdtApiException(400, UsdtErrorCodes.VALIDATION_ERROR, message, param, null, null);
    }

    public @Nullable String outcome() {
        return outcome;
    }
}
