package io.abk.billing.client;

import org.jspecify.annotations.Nullable;

/** The API key is missing, unknown, revoked, or not allowed this call (401 and 403). Type {@code authentication_error}. */
public class AuthenticationException extends BillingException {

    private static final long serialVersionUID = 1L;

    /** The type this exception stands for. */
    public static final String TYPE = "authentication_error";

    public AuthenticationException(String message, Details details, @Nullable Throwable cause) {
        super(TYPE, message, details, cause);
    }
}
