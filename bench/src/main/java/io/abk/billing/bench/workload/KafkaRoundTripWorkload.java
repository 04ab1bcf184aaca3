package io.abk.billing.bench.workload;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.LongSerializer;

/**
 * Baseline: the payload produced (idempotent, acks=all, like the gateway's command producer) to a topic of the
 * same broker and consumed back with read_committed. An operation completes when its record is consumed, so this
 * is the floor of any path that goes through Kafka once.
 */
public final class KafkaRoundTripWorkload implements Workload {

    /** The bench's own scratch topic; not part of the platform's topic catalog. */
    static final String TOPIC = "bench.round-trip";

    private final KafkaProducer<Long, byte[]> producer;
    private final KafkaConsumer<Long, byte[]> consumer;
    private final Map<Long, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();
    private final Thread poller;
    private volatile boolean running = true;

    public KafkaRoundTripWorkload(String bootstrapServers, int partitions) {
        createTopic(bootstrapServers, partitions);
        var producerProps = new Properties();
        producerProps.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        producerProps.put(ProducerConfig.ACKS_CONFIG, "all");
        producerProps.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        producerProps.put(ProducerConfig.LINGER_MS_CONFIG, 2);
        producer = new KafkaProducer<>(producerProps, new LongSerializer(), new ByteArraySerializer());

        var consumerProps = new Properties();
        consumerProps.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        consumerProps.put(ConsumerConfig.GROUP_ID_CONFIG, "bench-round-trip-" + System.nanoTime());
        consumerProps.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        consumerProps.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        consumer = new KafkaConsumer<>(consumerProps, new LongDeserializer(), new ByteArrayDeserializer());
        consumer.subscribe(List.of(TOPIC));
        // Join the group before the first send so no record is produced before the consumer's start offset.
        var deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (consumer.assignment().isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("bench consumer got no partitions within 30 s");
            }
            consumer.poll(Duration.ofMillis(100));
        }
        consumer.seekToEnd(consumer.assignment());
        consumer.assignment().forEach(consumer::position);
        poller = Thread.ofPlatform().name("bench-round-trip-poller").start(this::poll);
    }

    @Override
    public String name() {
        return "Kafka produce + consume round trip (baseline)";
    }

    @Override
    public CompletableFuture<Void> execute(long sequence) {
        var done = new CompletableFuture<Void>();
        pending.put(sequence, done);
        producer.send(
                new ProducerRecord<>(TOPIC, sequence, Payloads.createSubscription(sequence)), (metadata, error) -> {
                    if (error != null) {
                        pending.remove(sequence);
                        done.completeExceptionally(error);
                    }
                });
        return done;
    }

    private void poll() {
        // The consumer is used by this thread only from here on (KafkaConsumer is not thread-safe).
        while (running) {
            for (var record : consumer.poll(Duration.ofMillis(50))) {
                var done = pending.remove(record.key());
                if (done != null) {
                    done.complete(null);
                }
            }
        }
        consumer.close(Duration.ofSeconds(5));
    }

    private static void createTopic(String bootstrapServers, int partitions) {
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, partitions, (short) 1)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create " + TOPIC, e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted creating " + TOPIC, e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("timed out creating " + TOPIC, e);
        }
    }

    @Override
    public void close() {
        running = false;
        try {
            poller.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(Duration.ofSeconds(5));
    }
}
