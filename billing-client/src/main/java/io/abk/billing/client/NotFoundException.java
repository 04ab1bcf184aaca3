package io.abk.billing.client;

import org.jspecify.annotations.Nullable;

/** No such object for this key's merchant and mode (404). Type {@code not_found_error}. */
public class NotFoundException extends BillingException {

    private static final long serialVersionUID = 1L;

    /** The type this exception stands for. */
    public static final String TYPE = "not_found_error";

    public NotFoundException(String message, Details details, @Nullable Throwable cause) {
        super(TYPE, message, details, cause);
    }
}
