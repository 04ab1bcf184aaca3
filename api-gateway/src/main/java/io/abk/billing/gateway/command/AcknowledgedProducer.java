package io.abk.billing.gateway.command;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A producer to one topic for the gateway's rare writes that are answered only once Kafka acknowledged them (test
 * clocks, webhook redeliveries). Set up like the command producer: idempotent with {@code acks=all}, so an
 * acknowledged record is never lost nor duplicated; no batching delay; every send gives up before the request does.
 */
public final class AcknowledgedProducer<K, V> implements AutoCloseable {

    /** The topic's name in the gateway's deployment. */
    private final String topic;

    private final Producer<K, V> producer;

    public AcknowledgedProducer(String topic, Producer<K, V> producer) {
        this.topic = topic;
        this.producer = producer;
    }

    /** A producer to {@code topic} of {@code deployment}, its client id {@code clientId} in that deployment. */
    public static <K, V> AcknowledgedProducer<K, V> create(
            Topic<K, V> topic,
            Deployment deployment,
            String clientId,
            String bootstrapServers,
            KafkaClientSecurity security,
            Duration deliveryTimeout) {
        return new AcknowledgedProducer<>(
                topic.name(deployment),
                new KafkaProducer<>(
                        config(deployment.name(clientId), bootstrapServers, security, deliveryTimeout),
                        topic.keySerde().serializer(),
                        topic.valueSerde().serializer()));
    }

    static Map<String, Object> config(
            String clientId, String bootstrapServers, KafkaClientSecurity security, Duration deliveryTimeout) {
        var config = security.applyTo(new HashMap<String, Object>());
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        int delivery = (int) deliveryTimeout.toMillis();
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, delivery);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, delivery);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (long) delivery);
        return config;
    }

    /** Sends one record; completes when the broker acknowledged it. Off the event loop: send may block on metadata. */
    public Mono<RecordMetadata> send(K key, V value) {
        var record = new ProducerRecord<>(topic, key, value);
        return Mono.<RecordMetadata>create(sink -> producer.send(record, (metadata, error) -> {
                    if (error != null) {
                        sink.error(error);
                    } else {
                        sink.success(metadata);
                    }
                }))
                .subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
