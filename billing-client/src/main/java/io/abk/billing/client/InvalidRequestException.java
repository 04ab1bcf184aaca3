package io.abk.billing.client;

import org.jspecify.annotations.Nullable;

/** The request is wrong and will be refused again as it is: a field's validation (see param()), a state conflict, a body too large or of another type (other 4xx). Type {@code invalid_request_error}. */
public class InvalidRequestException extends BillingException {

    private static final long serialVersionUID = 1L;

    /** The type this exception stands for. */
    public static final String TYPE = "invalid_request_error";

    public InvalidRequestException(String message, Details details, @Nullable Throwable cause) {
        super(TYPE, message, details, cause);
    }
}
