package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The merchant's event log in the API key's mode (shapes in docs/api.md, "Events"): each event is the stored webhook
 * payload, embedded byte for byte, and redeliveries of one to webhook endpoints.
 */
@RestController
public class EventRoutes {

    private final EventService service;

    public EventRoutes(EventService service) {
        this.service = service;
    }

    /** Newest first; {@code type} keeps one event type, {@code subjectId} the events of one object. */
    @GetMapping("/v1/events")
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        var page = PageRequest.from(query, IdPrefix.EVENT);
        var filter = EventFilter.from(query);
        return service.list(caller, filter, page)
                .map(found -> found.map(StoredEvent::payloadJson).body("events"));
    }

    @GetMapping("/v1/events/{id}")
    public Mono<Map<String, Object>> get(Caller caller, @PathVariable String id) {
        return service.get(caller, id).map(event -> Map.of("event", event.payloadJson()));
    }

    /** 202: the deliveries are on the topic (acknowledged), not yet attempted. */
    @PostMapping("/v1/events/{id}/redeliver")
    public Mono<ResponseEntity<Map<String, Object>>> redeliver(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        var request = RedeliverRequest.parse(RequestFields.of(body));
        return service.redeliver(
                        caller, id, request, CommandIdentity.of(exchange).orElse(null))
                .map(done -> {
                    var json = new LinkedHashMap<String, Object>();
                    json.put("event", done.event().payloadJson());
                    json.put(
                            "deliveries",
                            done.deliveries().stream().map(EventRoutes::queued).toList());
                    return ResponseEntity.status(HttpStatus.ACCEPTED).body(json);
                });
    }

    private static Map<String, Object> queued(WebhookDelivery delivery) {
        var json = new LinkedHashMap<String, Object>();
        json.put("deliveryId", delivery.getDeliveryId());
        json.put("endpointId", delivery.getEndpointId());
        json.put("status", "queued");
        return json;
    }
}
