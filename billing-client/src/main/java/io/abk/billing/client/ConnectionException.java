package io.abk.billing.client;

import org.jspecify.annotations.Nullable;

/**
 * No answer came: the connection failed or was cut, or the request's timeout passed. Type
 * {@code connection_error}, status 0. The library retried it with the same Idempotency-Key; whether a POST took
 * effect is then known by retrying it again with that key.
 */
public class ConnectionException extends BillingException {

    private static final long serialVersionUID = 1L;

    /** The type this exception stands for. */
    public static final String TYPE = "connection_error";

    public ConnectionException(String message, @Nullable Throwable cause) {
        super(TYPE, message, new Details(null, 0, null, null, null), cause);
    }
}
