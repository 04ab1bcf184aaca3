package io.abk.billing.client;

import org.jspecify.annotations.Nullable;

/** The Idempotency-Key was used with another body (409 idempotency_error), or its first request was still running after every retry (409 idempotency_in_progress). Type {@code idempotency_error}. */
public class IdempotencyException extends BillingException {

    private static final long serialVersionUID = 1L;

    /** The type this exception stands for. */
    public static final String TYPE = "idempotency_error";

    public IdempotencyException(String message, Details details, @Nullable Throwable cause) {
        super(TYPE, message, details, cause);
    }
}
