package io.abk.billing.gateway.platform.web;

import java.util.Set;
import org.springframework.http.HttpMethod;

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

    /**
     * The one larger body: a checkout logo's image ({@code PUT /v1/account/logo}, also through the dashboard), 256 KiB.
     */
    public static final int MAX_LOGO_BYTES = 256 * 1024;

    /** The paths whose body may be up to {@link #MAX_LOGO_BYTES}. */
    static final Set<String> LOGO_PATHS = Set.of("/v1/account/logo", "/dashboard/api/v1/account/logo");

    /** The largest body a request of {@code method} to {@code path} may declare. */
    static long maxBodyBytes(HttpMethod method, String path) {
        return HttpMethod.PUT.equals(method) && LOGO_PATHS.contains(path) ? MAX_LOGO_BYTES : MAX_BODY_BYTES;
    }
}
