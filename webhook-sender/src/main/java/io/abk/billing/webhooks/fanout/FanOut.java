package io.abk.billing.webhooks.fanout;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.WebhookDelivery;
import java.time.Instant;
import java.util.List;

/** Which deliveries one event makes: one per subscriber that wants its type, all carrying the same payload bytes. */
public final class FanOut {

    private FanOut() {
    }

    /**
     * @param subscribers the enabled endpoints of the event's merchant and mode
     * @param payload     the rendered body, sent unchanged on every attempt
     */
    public static List<WebhookDelivery> deliveries(BillingEvent event, String payload, List<Subscriber> subscribers, Instant now) {
        return subscribers.stream()
                .filter(subscriber -> subscriber.wants(event.getType()))
                .map(subscriber -> WebhookDelivery.newBuilder()
                        // Deterministic: a fan-out repeated after a crash queues the same delivery id again.
                        .setDeliveryId(event.getEventId() + ":" + subscriber.endpointId())
                        .setEventId(event.getEventId())
                        .setEventType(event.getType())
                        .setMerchantId(event.getMerchantId())
                        .setMode(event.getMode())
                        .setEndpointId(subscriber.endpointId())
                        .setPayload(payload)
                        .setEventCreatedAt(event.getCreatedAt())
                        .setQueuedAt(now)
                        .setRedelivery(false)
                        .build())
                .toList();
    }
}
