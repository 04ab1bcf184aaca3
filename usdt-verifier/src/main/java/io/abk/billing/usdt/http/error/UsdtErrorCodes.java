package io.abk.billing.usdt.http.error;

/**
 * The verifier's own error codes. A transaction that does not match answers with the match's code
 * ({@code tx_not_found}, {@code amount_too_low}, ...), and a refused intent command with the intent's
 * ({@code resource_missing}, {@code intent_expired}, {@code tx_already_used}, {@code confirmation_in_progress}).
 */
public final class UsdtErrorCodes {

    public static final String AUTHENTICATION_ERROR = "authentication_error";
    public static final String VALIDATION_ERROR = "validation_error";
    public static final String INVALID_JSON = "invalid_json";
    public static final String SANDBOX_ONLY = "sandbox_only";
    public static final String ROUTE_NOT_FOUND = "route_not_found";
    public static final String METHOD_NOT_ALLOWED = "method_not_allowed";
    public static final String UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type";
    public static final String NOT_ACCEPTABLE = "not_acceptable";
    public static final String PAYLOAD_TOO_LARGE = "payload_too_large";
    public static final String PROCESSING_TIMEOUT = "processing_timeout";
    public static final String IDEMPOTENCY_ERROR = "idempotency_error";
    public static final String IDEMPOTENCY_IN_PROGRESS = "idempotency_in_progress";
    public static final String SERVICE_UNAVAILABLE = "service_unavailable";
    public static final String CHAIN_UNAVAILABLE = "chain_unavailable";
    public static final String INTERNAL_ERROR = "internal_error";

    private UsdtErrorCodes() {}
}
