package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.api.CallerAudit;
import io.abk.billing.gateway.api.webhook.WebhookEndpoint;
import io.abk.billing.gateway.api.webhook.WebhookEndpointRepository;
import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.IdLookup;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.render.ApiJson;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * A test event for one webhook endpoint of the caller's: a {@value #TYPE} event, {@code "test": true} in its data,
 * queued on {@code webhooks.deliveries} for that endpoint alone, so the sender signs and delivers it like any event
 * (its attempts are in the endpoint's delivery log). It never enters the billing events or the event log: no other
 * endpoint sees it. Its event id comes from the request's Idempotency-Key when it has one, so a run again of the same
 * request queues the same delivery.
 */
@Service
public class EndpointTestService {

    /** The test event's type; no endpoint subscribes to it, it goes only where it is sent. */
    public static final String TYPE = "webhook_endpoint.test";

    private static final Logger log = LoggerFactory.getLogger(EndpointTestService.class);
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final WebhookEndpointRepository endpoints;
    private final DeliveryPublisher publisher;
    private final CallerAudit audit;
    private final IdGenerator ids;
    private final TransactionalOperator tx;
    private final Clock clock;
    private final JsonMapper json;

    public EndpointTestService(
            WebhookEndpointRepository endpoints,
            DeliveryPublisher publisher,
            CallerAudit audit,
            IdGenerator ids,
            TransactionalOperator tx,
            Clock clock,
            JsonMapper json) {
        this.endpoints = endpoints;
        this.publisher = publisher;
        this.audit = audit;
        this.ids = ids;
        this.tx = tx;
        this.clock = clock;
        this.json = json;
    }

    /**
     * Queues the test event for the endpoint (404 unless it is the caller's; 400 {@code endpoint_disabled} when it is
     * disabled); its audit entry commits only once the broker acknowledged the delivery (503 when it did not).
     *
     * @return the event's payload, as delivered
     */
    public Mono<String> send(Caller caller, String endpointId, @Nullable CommandIdentity identity) {
        return IdLookup.find(
                        IdPrefix.WEBHOOK_ENDPOINT,
                        "webhook endpoint",
                        endpointId,
                        id -> endpoints.find(caller.merchantId(), caller.mode(), id, false))
                .flatMap(endpoint -> {
                    if (endpoint.disabled()) {
                        return Mono.error(ApiException.badRequest(
                                ErrorCodes.ENDPOINT_DISABLED,
                                "Webhook endpoint '" + endpointId + "' is disabled (" + endpoint.disabledReason()
                                        + "); enable it with PATCH {\"disabled\": false} first"));
                    }
                    var now = Now.of(clock);
                    var eventId = ids.forRequest(identity).next(IdPrefix.EVENT);
                    var payload = json.writeValueAsString(payload(eventId, endpoint, now));
                    var delivery = delivery(eventId, endpoint, payload, now);
                    return audit.record(
                                    caller,
                                    now,
                                    "webhook_endpoint.test_event_sent",
                                    "webhook_endpoint",
                                    endpoint.id(),
                                    Map.of("eventId", eventId))
                            .then(publisher
                                    .publish(List.of(delivery))
                                    .onErrorResume(
                                            error -> LogContext.mapError(error, cause -> unavailable(endpoint, cause))))
                            .as(tx::transactional)
                            .thenReturn(payload);
                });
    }

    private static Map<String, @Nullable Object> payload(String eventId, WebhookEndpoint endpoint, Instant now) {
        var data = new LinkedHashMap<String, @Nullable Object>();
        data.put("test", true);
        data.put("webhookEndpointId", endpoint.id());
        var event = new LinkedHashMap<String, @Nullable Object>();
        event.put("id", eventId);
        event.put("type", TYPE);
        event.put("createdAt", ApiJson.timestamp(now));
        event.put("mode", ApiJson.mode(endpoint.mode()));
        event.put("data", data);
        return event;
    }

    private static WebhookDelivery delivery(String eventId, WebhookEndpoint endpoint, String payload, Instant now) {
        return WebhookDelivery.newBuilder()
                .setDeliveryId(eventId + ":" + endpoint.id())
                .setEventId(eventId)
                .setEventType(TYPE)
                .setMerchantId(endpoint.merchantId())
                .setMode(endpoint.mode())
                .setEndpointId(endpoint.id())
                .setPayload(payload)
                .setEventCreatedAt(now)
                .setQueuedAt(now)
                .setRedelivery(false)
                .build();
    }

    private static ApiException unavailable(WebhookEndpoint endpoint, Throwable error) {
        log.warn(
                "test event not queued merchantId={} endpointId={} error=\"{}\"",
                endpoint.merchantId(),
                endpoint.id(),
                error.toString());
        return new ApiException(
                503,
                ErrorCodes.SERVICE_UNAVAILABLE,
                "The test event could not be queued; retry shortly",
                null,
                RETRY_AFTER);
    }
}
