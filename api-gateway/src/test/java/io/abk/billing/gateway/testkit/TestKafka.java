package io.abk.billing.gateway.testkit;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Producing changes and reading commands the way the real topics are used, for assertions. */
public final class TestKafka {

    private TestKafka() {}

    public static KafkaProducer<String, Change> changeProducer() {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfra.kafkaBootstrap(),
                        ProducerConfig.ACKS_CONFIG, "all",
                        ProducerConfig.LINGER_MS_CONFIG, 1,
                        // A hang fails fast (the known produce-after-create flake) instead of waiting two minutes.
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000),
                Topics.CHANGES.keySerde().serializer(),
                Topics.CHANGES.valueSerde().serializer());
    }

    /** Sends changes keyed by aggregate id, in order, and waits until all are acknowledged. */
    public static void send(KafkaProducer<String, Change> producer, List<Change> changes) {
        var futures = changes.stream()
                .map(change -> producer.send(
                        new ProducerRecord<>(Topics.CHANGES.name(Deployment.DEFAULT), change.getAggregateId(), change)))
                .toList();
        for (var future : futures) {
            try {
                future.get();
            } catch (Exception e) {
                throw new IllegalStateException("cannot produce change", e);
            }
        }
    }

    /** Every command on the subscription command topic (from the beginning) that matches. */
    public static List<SubscriptionCommand> commands(Predicate<SubscriptionCommand> filter) {
        return records(Topics.SUBSCRIPTION_COMMANDS, filter);
    }

    /** How many records {@code topic} holds: the sum of its partitions' end offsets. */
    public static long endOffsetSum(Topic<?, ?> topic) {
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        SharedInfra.kafkaBootstrap(),
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            var partitions = consumer.partitionsFor(topic.name(Deployment.DEFAULT)).stream()
                    .map(info -> new TopicPartition(topic.name(Deployment.DEFAULT), info.partition()))
                    .toList();
            return consumer.endOffsets(partitions).values().stream()
                    .mapToLong(Long::longValue)
                    .sum();
        }
    }

    /** Every record of {@code topic} (from the beginning) whose value matches. */
    public static <V> List<V> records(Topic<String, V> topic, Predicate<V> filter) {
        return keyedRecords(topic, filter).stream().map(ConsumerRecord::value).toList();
    }

    /** Every record of {@code topic} (from the beginning) whose value matches, with its key and partition. */
    public static <V> List<ConsumerRecord<String, V>> keyedRecords(Topic<String, V> topic, Predicate<V> filter) {
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        SharedInfra.kafkaBootstrap(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "test-reader-" + UUID.randomUUID(),
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer())) {
            var partitions = consumer.partitionsFor(topic.name(Deployment.DEFAULT)).stream()
                    .map(info -> new TopicPartition(topic.name(Deployment.DEFAULT), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var end = consumer.endOffsets(partitions);
            var found = new ArrayList<ConsumerRecord<String, V>>();
            var deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            topic.name(Deployment.DEFAULT) + " not read to its end within 30 s");
                }
                for (var record : consumer.poll(Duration.ofMillis(200))) {
                    if (filter.test(record.value())) {
                        found.add(record);
                    }
                }
            }
            return found;
        }
    }
}
