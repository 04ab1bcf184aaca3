package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.command.AcknowledgedProducer;
import io.abk.billing.schemas.avro.WebhookDelivery;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Queues redeliveries on {@code webhooks.deliveries}, keyed by endpoint id like the sender's own fan-out, so one
 * endpoint's deliveries share a partition; the 202 goes out once Kafka acknowledged them.
 */
public final class DeliveryPublisher implements AutoCloseable {

    private final AcknowledgedProducer<String, WebhookDelivery> producer;

    public DeliveryPublisher(AcknowledgedProducer<String, WebhookDelivery> producer) {
        this.producer = producer;
    }

    /**
     * Sends every delivery; completes when the broker acknowledged all of them, or fails with the first error (the
     * others may be queued all the same: deliveries are at-least-once and carry the event id receivers dedupe on).
     */
    public Mono<Void> publish(List<WebhookDelivery> deliveries) {
        return Flux.fromIterable(deliveries)
                .flatMap(delivery -> producer.send(delivery.getEndpointId(), delivery))
                .then();
    }

    @Override
    public void close() {
        producer.close();
    }
}
