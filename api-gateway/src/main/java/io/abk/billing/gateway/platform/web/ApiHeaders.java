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

    /**
     * The body of a batch of meter events ({@code POST /v1/meter_events/batch}): up to a thousand events of about a
     * hundred bytes each, with room for their payloads, 1 MiB.
     */
    public static final int MAX_METER_EVENT_BATCH_BYTES = 1024 * 1024;

    public static final String METER_EVENT_BATCH_PATH = "/v1/meter_events/batch";

    /** The largest body a request of {@code method} to {@code path} may declare. */
    static long maxBodyBytes(HttpMethod method, String path) {
        if (HttpMethod.POST.equals(method) && METER_EVENT_BATCH_PATH.equals(path)) {
            return MAX_METER_EVENT_BATCH_BYTES;
        }
        return HttpMethod.PUT.equals(method) && LOGO_PATHS.contains(path) ? MAX_LOGO_BYTES : MAX_BODY_BYTES;
    }
}
