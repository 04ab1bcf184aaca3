package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.event.EventService;
import io.abk.billing.gateway.api.event.StoredEvent;
import io.abk.billing.gateway.api.webhook.DeliveryAttempt;
import io.abk.billing.gateway.api.webhook.DeliveryAttemptRepository;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.web.Caller;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A subscription's timeline: its newest {@link #LIMIT} events (its own and its invoices', as GET /v1/events shows
 * them), newest first, each with the attempts of delivering it to the merchant's webhook endpoints. Two queries, each
 * read through an index: the events by subscription, then the attempts of those events.
 */
@Component
final class SubscriptionTimeline {

    /** The event log keeps 30 days: 50 events hold a busy subscription's month (retries, changes) on a small page. */
    static final int LIMIT = 50;

    private final EventService events;
    private final DeliveryAttemptRepository attempts;

    SubscriptionTimeline(EventService events, DeliveryAttemptRepository attempts) {
        this.events = events;
        this.attempts = attempts;
    }

    /** The timeline's rows: {@code id, type, created, eventHref, delivered, deliveries} (each attempt's row). */
    Mono<List<Map<String, Object>>> of(Caller caller, String subscriptionId) {
        return events.ofSubscription(caller, subscriptionId, LIMIT)
                .flatMap(found -> attempts.ofEvents(
                                caller.merchantId(),
                                ApiKeyFormat.modeText(caller.mode()),
                                found.stream().map(StoredEvent::id).toList())
                        .map(tried -> {
                            var byEvent = tried.stream().collect(Collectors.groupingBy(DeliveryAttempt::eventId));
                            return found.stream()
                                    .map(event -> row(event, byEvent.getOrDefault(event.id(), List.of())))
                                    .toList();
                        }));
    }

    private static Map<String, Object> row(StoredEvent event, List<DeliveryAttempt> tried) {
        var row = new HashMap<String, Object>();
        row.put("id", event.id());
        row.put("type", event.type());
        row.put("created", Shown.time(event.createdAt()));
        // The event exactly as delivered: the merchant API through the session (any member may read it).
        row.put("eventHref", "/dashboard/api/v1/events/" + event.id());
        row.put("delivered", !tried.isEmpty());
        row.put("deliveries", tried.stream().map(SubscriptionTimeline::delivery).toList());
        return row;
    }

    private static Map<String, Object> delivery(DeliveryAttempt attempt) {
        return Map.of(
                "endpointId", attempt.endpointId(),
                "attempt", attempt.attempt(),
                "outcome", attempt.outcome(),
                "tone",
                        "succeeded".equals(attempt.outcome())
                                ? "good"
                                : "failed".equals(attempt.outcome()) ? "bad" : "",
                "statusCode",
                        attempt.statusCode() == null
                                ? Shown.NONE
                                : attempt.statusCode().toString(),
                "attempted", Shown.time(attempt.attemptedAt()));
    }
}
