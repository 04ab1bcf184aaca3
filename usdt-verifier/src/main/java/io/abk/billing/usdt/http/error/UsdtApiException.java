package io.abk.billing.usdt.http.error;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A request that cannot be served: the HTTP status, the snake_case {@code code}, the human sentence, the field it
 * is about and, for a transaction that does not match, its {@code outcome}. Never used for bugs: those are 500s.
 */
public final class UsdtApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final @Nullable String param;
    private final @Nullable String outcome;
    private final @Nullable Duration retryAfter;

    public UsdtApiException(
            int status,
            String code,
            String message,
            @Nullable String param,
            @Nullable String outcome,
            @Nullable Duration retryAfter) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.param = param;
        this.outcome = outcome;
        this.retryAfter = retryAfter;
    }

    public UsdtApiException(int status, String code, String message) {
        this(status, code, message, null, null, null);
    }

    /** 400 {@code validation_error} about one request field, named in the message and in {@code param}. */
    public static UsdtApiException invalid(String param, String message) {
        return new UsdtApiException(400, UsdtErrorCodes.VALIDATION_ERROR, message, param, null, null);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public @Nullable String param() {
        return param;
    }

    public @Nullable String outcome() {
        return outcome;
    }

    public @Nullable Duration retryAfter() {
        return retryAfter;
    }
}
