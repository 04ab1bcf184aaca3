package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.api.CallerAudit;
import io.abk.billing.gateway.api.webhook.WebhookEndpoint;
import io.abk.billing.gateway.api.webhook.WebhookEndpointRepository;
import io.abk.billing.gateway.api.webhook.WebhooksProperties;
import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.IdLookup;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The caller's event log (merchant and mode, within the retention window of the wall clock: retention is about
 * storage, not a merchant's test clock) and redeliveries of its events. A redelivery checks everything first, so a
 * refusal queues nothing; then its audit entry is written and the deliveries are sent before the commit, so a send
 * that fails leaves no entry behind (503).
 */
@Service
public class EventService {

    /** The event redelivered and the deliveries queued (none when no endpoint takes it). */
    public record Redelivery(StoredEvent event, List<WebhookDelivery> deliveries) {}

    private static final Logger log = LoggerFactory.getLogger(EventService.class);
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final EventRepository events;
    private final WebhookEndpointRepository endpoints;
    private final DeliveryPublisher publisher;
    private final CallerAudit audit;
    private final IdGenerator ids;
    private final TransactionalOperator tx;
    private final Clock clock;
    private final Duration retention;

    public EventService(
            EventRepository events,
            WebhookEndpointRepository endpoints,
            DeliveryPublisher publisher,
            CallerAudit audit,
            IdGenerator ids,
            TransactionalOperator tx,
            Clock clock,
            WebhooksProperties properties) {
        this.events = events;
        this.endpoints = endpoints;
        this.publisher = publisher;
        this.audit = audit;
        this.ids = ids;
        this.tx = tx;
        this.clock = clock;
        this.retention = properties.eventRetention();
    }

    public Mono<Page<StoredEvent>> list(Caller caller, EventFilter filter, PageRequest page) {
        var after = page.startingAfter();
        var cursorChecked = after == null ? Mono.just(true) : events.exists(caller.merchantId(), caller.mode(), after);
        return cursorChecked.flatMap(known -> known
                ? events.list(caller.merchantId(), caller.mode(), since(), filter, page)
                : Mono.error(ApiException.invalid(
                        "startingAfter",
                        "startingAfter must be the id of an event of this list from a previous page; '" + after
                                + "' is not")));
    }

    /** The newest {@code limit} events of the caller's subscription {@code subscriptionId} (and of its invoices). */
    public Mono<List<StoredEvent>> ofSubscription(Caller caller, String subscriptionId, int limit) {
        return events.ofAggregate(caller.merchantId(), caller.mode(), subscriptionId, since(), limit);
    }

    public Mono<StoredEvent> get(Caller caller, String id) {
        return IdLookup.find(
                IdPrefix.EVENT,
                "event",
                id,
                wellFormed -> events.find(caller.merchantId(), caller.mode(), wellFormed, since()));
    }

    /**
     * Queues the event again for one endpoint of the caller's (not deleted; 400 {@code endpoint_disabled} when
     * disabled), or for every enabled endpoint subscribed to its type. Each delivery id ends with an id of this
     * request, derived from its Idempotency-Key when it has one, so a run again of the same request queues the same
     * delivery ids.
     */
    public Mono<Redelivery> redeliver(
            Caller caller, String eventId, RedeliverRequest request, @Nullable CommandIdentity identity) {
        return get(caller, eventId)
                .flatMap(event -> targets(caller, event, request.endpointId())
                        .collectList()
                        .flatMap(targets -> {
                            if (targets.isEmpty()) {
                                return Mono.just(new Redelivery(event, List.of()));
                            }
                            var now = Now.of(clock);
                            var redeliveryId = ids.forRequest(identity).next(IdPrefix.COMMAND);
                            var deliveries = targets.stream()
                                    .map(endpoint -> delivery(event, endpoint, redeliveryId, now))
                                    .toList();
                            var details = Map.of(
                                    "redeliveryId",
                                    redeliveryId,
                                    "endpointIds",
                                    deliveries.stream()
                                            .map(WebhookDelivery::getEndpointId)
                                            .toList());
                            return audit.record(caller, now, "event.redelivered", "event", event.id(), details)
                                    .then(publisher
                                            .publish(deliveries)
                                            .onErrorResume(error ->
                                                    LogContext.mapError(error, cause -> unavailable(event, cause))))
                                    .as(tx::transactional)
                                    .thenReturn(new Redelivery(event, deliveries))
                                    .<Redelivery>handle((done, sink) -> {
                                        log.info(
                                                "event redelivery queued merchantId={} mode={} eventId={} redeliveryId={} endpoints={}",
                                                caller.merchantId(),
                                                ApiKeyFormat.modeText(caller.mode()),
                                                event.id(),
                                                redeliveryId,
                                                deliveries.size());
                                        sink.next(done);
                                    });
                        }));
    }

    private Flux<WebhookEndpoint> targets(Caller caller, StoredEvent event, @Nullable String endpointId) {
        if (endpointId == null) {
            return endpoints.subscribedTo(caller.merchantId(), caller.mode(), event.type());
        }
        return IdLookup.find(
                        IdPrefix.WEBHOOK_ENDPOINT,
                        "webhook endpoint",
                        endpointId,
                        id -> endpoints.find(caller.merchantId(), caller.mode(), id, false))
                .flatMap(endpoint -> endpoint.disabled()
                        ? Mono.error(ApiException.badRequest(
                                ErrorCodes.ENDPOINT_DISABLED,
                                "Webhook endpoint '" + endpointId + "' is disabled (" + endpoint.disabledReason()
                                        + "); enable it with PATCH {\"disabled\": false} first"))
                        : Mono.just(endpoint))
                .flux();
    }

    private static WebhookDelivery delivery(
            StoredEvent event, WebhookEndpoint endpoint, String redeliveryId, Instant now) {
        return WebhookDelivery.newBuilder()
                .setDeliveryId(event.id() + ":" + endpoint.id() + ":" + redeliveryId)
                .setEventId(event.id())
                .setEventType(event.type())
                .setMerchantId(event.merchantId())
                .setMode(event.mode())
                .setEndpointId(endpoint.id())
                .setPayload(event.payload())
                .setEventCreatedAt(event.createdAt())
                .setQueuedAt(now)
                .setRedelivery(true)
                .build();
    }

    private Instant since() {
        return Now.of(clock).minus(retention);
    }

    private static ApiException unavailable(StoredEvent event, Throwable error) {
        log.warn(
                "event redelivery not queued merchantId={} eventId={} error=\"{}\"",
                event.merchantId(),
                event.id(),
                error.toString());
        return new ApiException(
                503,
                ErrorCodes.SERVICE_UNAVAILABLE,
                "The redelivery could not be queued; retry shortly",
                null,
                RETRY_AFTER);
    }
}
