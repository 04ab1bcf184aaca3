package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.avro.WebhookDelivery;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dead-letter handler: a delivery whose retries are spent stays on webhooks.deliveries-dlt (for operators and a
 * later redelivery) and is logged once here; every attempt is already in the delivery log.
 */
public class DeadDeliveries {

    private static final Logger log = LoggerFactory.getLogger(DeadDeliveries.class);

    public void dead(ConsumerRecord<String, @Nullable WebhookDelivery> record) {
        var delivery = record.value();
        if (delivery == null) {
            log.error("delivery=unreadable outcome=dead_letter partition={} offset={}", record.partition(), record.offset());
            return;
        }
        log.warn("delivery={} event={} endpoint={} merchant={} attempts={} outcome=dead_letter", delivery.getDeliveryId(),
                delivery.getEventId(), delivery.getEndpointId(), delivery.getMerchantId(),
                // The header counts the attempt the record was forwarded for: one past the last made.
                AttemptNumber.of(record.headers()) - 1);
    }
}
