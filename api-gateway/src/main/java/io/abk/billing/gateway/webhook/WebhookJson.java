package io.abk.billing.gateway.webhook;

import io.abk.billing.schemas.render.ApiJson;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A webhook endpoint as the API shows it: never its secrets; all events read {@code ["*"]}. */
public final class WebhookJson {

    private WebhookJson() {
    }

    public static Map<String, @Nullable Object> endpoint(WebhookEndpoint e, Instant now) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", e.id());
        json.put("url", e.url());
        json.put("enabledEvents", e.enabledEvents().isEmpty() ? List.of(EventTypes.ALL) : e.enabledEvents());
        json.put("description", e.description());
        json.put("disabled", e.disabled());
        json.put("disabledReason", e.disabledReason());
        var previousUntil = e.previousSecretExpiresAt();
        // When the rotated-out secret stops signing; null once it has.
        json.put("previousSecretExpiresAt", previousUntil != null && previousUntil.isAfter(now) ? ApiJson.timestamp(previousUntil) : null);
        json.put("mode", ApiJson.mode(e.mode()));
        json.put("createdAt", ApiJson.timestamp(e.createdAt()));
        json.put("updatedAt", ApiJson.timestamp(e.updatedAt()));
        return json;
    }
}
