package io.abk.billing.gateway.api.webhook;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A {@code POST /v1/webhook_endpoints} body {@code {url, enabledEvents?, description?}}, checked for shape only;
 * the URL's SSRF check (which resolves DNS) is the service's.
 */
public record EndpointRequest(
        String url, List<String> enabledEvents, @Nullable String description) {

    static final int MAX_DESCRIPTION_LENGTH = 1000;

    public static EndpointRequest parse(RequestFields fields) {
        var url = fields.optionalString("url", EndpointUrlGuard.MAX_URL_LENGTH)
                .orElseThrow(() -> ApiException.invalid("url", "url is required"));
        var events = EventTypes.parse(fields, "enabledEvents").orElse(List.of());
        var description =
                fields.optionalString("description", MAX_DESCRIPTION_LENGTH).orElse(null);
        return new EndpointRequest(url, events, description);
    }
}
