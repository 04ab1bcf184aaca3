package io.abk.billing.gateway.event;

import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Queues redeliveries on {@code webhooks.deliveries}, keyed by endpoint id like the sender's own fan-out, so one
 * endpoint's deliveries share a partition. Its own producer, set up like the command producer: idempotent with
 * {@code acks=all}, so an acknowledged delivery is never lost; the send gives up before the request does.
 */
public final class DeliveryPublisher implements AutoCloseable {

    private final Producer<String, WebhookDelivery> producer;

    public DeliveryPublisher(Producer<String, WebhookDelivery> producer) {
        this.producer = producer;
    }

    public static DeliveryPublisher create(String bootstrapServers, Duration deliveryTimeout) {
        return new DeliveryPublisher(new KafkaProducer<>(config(bootstrapServers, deliveryTimeout),
                Topics.WEBHOOK_DELIVERIES.keySerde().serializer(), Topics.WEBHOOK_DELIVERIES.valueSerde().serializer()));
    }

    static Map<String, Object> config(String bootstrapServers, Duration deliveryTimeout) {
        var config = new HashMap<String, Object>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, "api-gateway-redeliveries");
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        // Redeliveries are rare and answered only once acknowledged: nothing to batch.
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        int delivery = (int) deliveryTimeout.toMillis();
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, delivery);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, delivery);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (long) delivery);
        return config;
    }

    /**
     * Sends every delivery; completes when the broker acknowledged all of them, or fails with the first error (the
     * others may be queued all the same: deliveries are at-least-once and carry the event id receivers dedupe on).
     * Off the event loop: send may block on metadata.
     */
    public Mono<Void> publish(List<WebhookDelivery> deliveries) {
        return Flux.fromIterable(deliveries)
                .flatMap(this::send)
                .then();
    }

    private Mono<RecordMetadata> send(WebhookDelivery delivery) {
        var record = new ProducerRecord<>(Topics.WEBHOOK_DELIVERIES.name(), delivery.getEndpointId(), delivery);
        return Mono.<RecordMetadata>create(sink -> producer.send(record, (metadata, error) -> {
            if (error != null) {
                sink.error(error);
            } else {
                sink.success(metadata);
            }
        })).subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
