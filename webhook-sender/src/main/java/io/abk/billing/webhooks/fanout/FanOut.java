package io.abk.billing.webhooks.fanout;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.WebhookDelivery;
import java.time.Instant;
import java.util.List;

/** Which deliveries one event makes: one per subscriber that wants its type, all carrying the same payload bytes. */
public final class FanOut {

    private FanOut() {}

    /**
     * @param subscribers the enabled endpoints of the event's merchant and mode
     * @param payload     the rendered body, sent unchanged on every attempt
     */
    public static List<WebhookDelivery> deliveries(
            BillingEvent event, String payload, List<Subscriber> subscribers, Instant now) {
        return deliveries(new EventLog.RenderedEvent(event, payload).entry(), event.getMode(), subscribers, now);
    }

    /** The deliveries of an event of any source, recorded in the log as {@code entry}, in {@code mode}. */
    public static List<WebhookDelivery> deliveries(
            EventLog.Entry entry, Mode mode, List<Subscriber> subscribers, Instant now) {
        return subscribers.stream()
                .filter(subscriber -> subscriber.wants(entry.type()))
                .map(subscriber -> WebhookDelivery.newBuilder()
                        // Deterministic: a fan-out repeated after a crash queues the same delivery id again.
                        .setDeliveryId(entry.id() + ":" + subscriber.endpointId())
                        .setEventId(entry.id())
                        .setEventType(entry.type())
                        .setMerchantId(entry.merchantId())
                        .setMode(mode)
                        .setEndpointId(subscriber.endpointId())
                        .setPayload(entry.payload())
                        .setEventCreatedAt(entry.createdAt())
                        .setQueuedAt(now)
                        .setRedelivery(false)
                        .build())
                .toList();
    }
}
