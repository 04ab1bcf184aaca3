package io.abk.billing.webhooks.attempt;

import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.WebhookDelivery;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.UUID;

/** Deliveries as the fan-out would queue them, with a payload holding non-ASCII text (byte-exact bodies). */
final class Deliveries {

    private Deliveries() {}

    static WebhookDelivery to(TestDb.Endpoint endpoint) {
        var eventId = "evt_" + UUID.randomUUID().toString().replace("-", "");
        var payload = "{\"id\":\"" + eventId + "\",\"type\":\"invoice.paid\",\"createdAt\":\"2026-11-22T10:00:00Z\","
                + "\"mode\":\"" + endpoint.mode() + "\",\"data\":{\"invoice\":{\"amountDueUsdc\":12.50,"
                + "\"description\":\"Caf\u00e9 \u2713 \uD83D\uDE80\"}}}";
        var now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return WebhookDelivery.newBuilder()
                .setDeliveryId(eventId + ":" + endpoint.id())
                .setEventId(eventId)
                .setEventType("invoice.paid")
                .setMerchantId(endpoint.merchantId())
                .setMode(Mode.valueOf(endpoint.mode().toUpperCase(Locale.ROOT)))
                .setEndpointId(endpoint.id())
                .setPayload(payload)
                .setEventCreatedAt(now)
                .setQueuedAt(now)
                .setRedelivery(false)
                .build();
    }
}
