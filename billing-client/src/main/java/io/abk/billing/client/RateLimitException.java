package io.abk.billing.client;

import org.jspecify.annotations.Nullable;

/** Too many requests (429) after every retry allowed; the answer's Retry-After was honoured between attempts. Type {@code rate_limit_error}. */
public class RateLimitException extends BillingException {

    private static final long serialVersionUID = 1L;

    /** The type this exception stands for. */
    public static final String TYPE = "rate_limit_error";

    public RateLimitException(String message, Details details, @Nullable Throwable cause) {
        super(TYPE, message, details, cause);
    }
}
