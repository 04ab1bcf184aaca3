package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.event.EventService;
import io.abk.billing.gateway.api.event.StoredEvent;
import io.abk.billing.gateway.api.webhook.WebhookEndpointService;
import io.abk.billing.gateway.api.webhook.WebhookJson;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.webhookverify.WebhookHeaders;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /dashboard/webhooks/{id}/deliveries/{attemptId}}: one attempt of an endpoint's delivery log, its request and
 * its response as the webhook sender logged them. The log keeps the response's excerpt but not the body sent; the
 * body is the event's payload, sent byte for byte on every attempt, so the page shows the event as the event log
 * stores it (while it keeps it: 30 days; a test event is never in it) and says so.
 */
@RestController
public class WebhookDeliveryPageRoutes {

    private final DashboardRenderer renderer;
    private final WebhookEndpointService endpoints;
    private final EventService events;
    private final JsonMapper json;

    public WebhookDeliveryPageRoutes(
            DashboardRenderer renderer, WebhookEndpointService endpoints, EventService events, JsonMapper json) {
        this.renderer = renderer;
        this.endpoints = endpoints;
        this.events = events;
        this.json = json;
    }

    @GetMapping("/dashboard/webhooks/{id}/deliveries/{attemptId}")
    public Mono<ResponseEntity<String>> attempt(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            @PathVariable String attemptId) {
        var caller = session.caller();
        return DashboardRenderer.orRefusal(endpoints
                .delivery(caller, id, attemptId)
                .flatMap(attempt -> events.get(caller, attempt.eventId())
                        .map(Optional::of)
                        // Past the log's retention, or a test event: the page says the body is not kept.
                        .onErrorResume(ApiException.class, missing -> Mono.just(Optional.empty()))
                        .flatMap(event -> {
                            JsonNode a = json.valueToTree(WebhookJson.attempt(attempt));
                            var outcome = a.path("outcome").asString();
                            var model = new HashMap<String, Object>();
                            model.put("id", attemptId);
                            model.put("endpointId", id);
                            model.put("outcome", outcome);
                            model.put("tone", Shown.tone(outcome));
                            model.put("request", request(a));
                            model.put("body", event.map(StoredEvent::payload).orElse(""));
                            model.put("response", response(a));
                            model.put("excerpt", Objects.requireNonNullElse(attempt.responseExcerpt(), ""));
                            return renderer.page(
                                    session,
                                    "Delivery attempt " + attemptId,
                                    "webhooks",
                                    DashboardPages.WEBHOOK_DELIVERY,
                                    model);
                        })));
    }

    private static List<Map<String, Object>> request(JsonNode a) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("Event", Shown.text(a, "eventId"), true));
        fields.add(Rows.field("Event type", Shown.text(a, "eventType"), true));
        fields.add(Rows.field("Delivery", Shown.text(a, "deliveryId"), true));
        fields.add(Rows.field(
                "Try",
                a.path("attempt").asString() + (a.path("redelivery").asBoolean() ? " (a redelivery)" : ""),
                false));
        fields.add(Rows.field(
                "Signature headers",
                WebhookHeaders.WEBHOOK_SIGNATURE + " (with " + WebhookHeaders.WEBHOOK_ID + " and "
                        + WebhookHeaders.WEBHOOK_TIMESTAMP + ") and " + WebhookHeaders.SERVICE_SIGNATURE,
                true));
        fields.add(Rows.field("Sent", Shown.time(a, "attemptedAt"), false));
        return fields;
    }

    private static List<Map<String, Object>> response(JsonNode a) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("HTTP status", Shown.text(a, "statusCode"), false));
        fields.add(Rows.field(
                "Duration",
                a.path("latencyMs").isNumber() ? a.path("latencyMs").asString() + " ms" : Shown.NONE,
                false));
        fields.add(Rows.field("Error", Shown.text(a, "error"), false));
        fields.add(Rows.field("Next try", Shown.time(a, "nextRetryAt"), false));
        return fields;
    }
}
