package io.abk.billing.gateway.api.webhook;

import io.abk.billing.schemas.render.ApiJson;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A webhook endpoint as the API shows it (never its secrets; all events read {@code ["*"]}), and one attempt of
 * its delivery log.
 */
public final class WebhookJson {

    private WebhookJson() {}

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
        json.put(
                "previousSecretExpiresAt",
                previousUntil != null && previousUntil.isAfter(now) ? ApiJson.timestamp(previousUntil) : null);
        json.put("mode", ApiJson.mode(e.mode()));
        json.put("createdAt", ApiJson.timestamp(e.createdAt()));
        json.put("updatedAt", ApiJson.timestamp(e.updatedAt()));
        return json;
    }

    /** One attempt: {@code outcome} is {@code succeeded}, {@code failed} or {@code skipped}, as the sender logged it. */
    public static Map<String, @Nullable Object> attempt(DeliveryAttempt a) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", a.id());
        json.put("object", "webhook_delivery_attempt");
        json.put("endpointId", a.endpointId());
        json.put("eventId", a.eventId());
        json.put("eventType", a.eventType());
        json.put("deliveryId", a.deliveryId());
        json.put("attempt", a.attempt());
        json.put("redelivery", a.redelivery());
        json.put("outcome", a.outcome());
        json.put("statusCode", a.statusCode());
        json.put("latencyMs", a.latencyMs());
        json.put("error", a.error());
        json.put("responseExcerpt", a.responseExcerpt());
        json.put("nextRetryAt", ApiJson.timestamp(a.nextRetryAt()));
        json.put("attemptedAt", ApiJson.timestamp(a.attemptedAt()));
        return json;
    }
}
