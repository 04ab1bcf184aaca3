package io.abk.billing.gateway.command;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import java.time.Duration;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import reactor.core.publisher.Mono;

/**
 * A producer to one topic for the gateway's rare writes that are answered only once Kafka acknowledged them (test
 * clocks, webhook redeliveries). Set up like the command producer: idempotent with {@code acks=all}, so an
 * acknowledged record is never lost nor duplicated; no batching delay; every send gives up before the request does.
 */
public final class AcknowledgedProducer<K, V> implements AutoCloseable {

    /**
     * What every acknowledged producer of the gateway shares: the cluster, its security, the deployment that names
     * topics and client ids, and how long a send may take before it gives up.
     */
    public record Settings(
            String bootstrapServers, KafkaClientSecurity security, Deployment deployment, Duration deliveryTimeout) {

        /** A producer to {@code topic} of this deployment, its client id {@code clientId} in that deployment. */
        public <K, V> AcknowledgedProducer<K, V> producerTo(Topic<K, V> topic, String clientId) {
            return new AcknowledgedProducer<>(
                    topic.name(deployment),
                    new KafkaProducer<>(
                            CommandProducer.config(
                                    deployment.name(clientId),
                                    bootstrapServers,
                                    security,
                                    Duration.ZERO,
                                    deliveryTimeout),
                            topic.keySerde().serializer(),
                            topic.valueSerde().serializer()));
        }

        /**
         * A plain producer to {@code topic}, set up alike but batching for {@code linger}: for the routes that write
         * many records per request (meter events), whose answers wait for every acknowledgement.
         */
        public <K, V> Producer<K, V> batchingProducer(Topic<K, V> topic, String clientId, Duration linger) {
            return new KafkaProducer<>(
                    CommandProducer.config(
                            deployment.name(clientId), bootstrapServers, security, linger, deliveryTimeout),
                    topic.keySerde().serializer(),
                    topic.valueSerde().serializer());
        }
    }

    /** The topic's name in the gateway's deployment. */
    private final String topic;

    private final Producer<K, V> producer;

    public AcknowledgedProducer(String topic, Producer<K, V> producer) {
        this.topic = topic;
        this.producer = producer;
    }

    /** Sends one record; completes when the broker acknowledged it. Off the event loop: send may block on metadata. */
    public Mono<RecordMetadata> send(K key, V value) {
        return CommandProducer.acknowledged(producer, new ProducerRecord<>(topic, key, value));
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
