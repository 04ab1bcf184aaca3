package io.abk.billing.gateway.platform.web;

/** Header names and values of the API conventions (docs/api.md). */
public final class ApiHeaders {

    private ApiHeaders() {}

    public static final String REQUEST_ID = "x-request-id";
    public static final String SERVICE_VERSION = "Service-Version";
    /** The only API version there is; also what a request without the header gets. */
    public static final String SUPPORTED_VERSION = "2026-01-01";

    public static final String RETRY_AFTER = "Retry-After";
    public static final String API_KEY = "x-service-api-key";

    /** The largest request body accepted: 64 KiB. Larger is 413 {@code payload_too_large}. */
    public static final int MAX_BODY_BYTES = 64 * 1024;
}
