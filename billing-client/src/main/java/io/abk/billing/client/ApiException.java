package io.abk.billing.client;

import org.jspecify.annotations.Nullable;

/** The API failed (5xx, including 503 processing_timeout after every retry) or answered something that is not its error JSON. Type {@code api_error}. */
public class ApiException extends BillingException {

    private static final long serialVersionUID = 1L;

    /** The type this exception stands for. */
    public static final String TYPE = "api_error";

    public ApiException(String message, Details details, @Nullable Throwable cause) {
        super(TYPE, message, details, cause);
    }
}
