package io.abk.billing.client;

import org.jspecify.annotations.Nullable;

/**
 * An API call that did not succeed: the API's error answer, or no answer at all. Unchecked. The subclass tells the
 * {@link #type()}; {@link #code()} is the API's machine-readable reason ({@code validation_error},
 * {@code resource_missing}...), {@link #param()} the request field a validation error is about.
 */
public class BillingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The parts of an error answer, shared by every subclass's constructor. */
    public record Details(
            @Nullable String code,
            int statusCode,
            @Nullable String requestId,
            @Nullable String param,
            @Nullable String rawBody) {}

    private final String type;
    private final Details details;

    protected BillingException(String type, String message, Details details, @Nullable Throwable cause) {
        super(message, cause);
        this.type = type;
        this.details = details;
    }

    /**
     * One of {@code connection_error}, {@code authentication_error}, {@code not_found_error},
     * {@code idempotency_error}, {@code rate_limit_error}, {@code invalid_request_error}, {@code api_error}.
     */
    public String type() {
        return type;
    }

    /** The API's error code, or null when no error body came (a connection error, an answer that is not JSON). */
    public @Nullable String code() {
        return details.code();
    }

    /** The HTTP status, 0 when no answer came. */
    public int statusCode() {
        return details.statusCode();
    }

    /** The request's id from the error body, else from the {@code x-request-id} header; quote it to support. */
    public @Nullable String requestId() {
        return details.requestId();
    }

    /** The field or header ({@code prices[1].interval}, {@code Idempotency-Key}) a validation error is about. */
    public @Nullable String param() {
        return details.param();
    }

    /** The answer's body as received, null when no answer came. */
    public @Nullable String rawBody() {
        return details.rawBody();
    }
}
