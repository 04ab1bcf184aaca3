package io.abk.billing.systemtests.stack;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads the platform's topics as an outside consumer would: everything committed from the beginning up to the
 * end at the time of the call, with the topic's own serdes (from the catalog), no consumer group.
 */
final class TopicLog {

    private static final Duration READ_LIMIT = Duration.ofSeconds(30);
    private static final Duration AWAIT_LIMIT = Duration.ofSeconds(30);

    private final String bootstrapServers;

    TopicLog(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /** The values of every committed record of the topic that {@code filter} keeps, in offset order within each partition (so per key). */
    <V> List<V> values(Topic<String, V> topic, Predicate<V> filter) {
        return records(topic).stream().map(ConsumerRecord::value).filter(filter).toList();
    }

    /**
     * Waits until {@code filter} keeps at least {@code count} records, then returns them all. Anything past
     * the count that is already there is returned too, so a caller asserting "exactly" sees the surplus.
     */
    <V> List<V> awaitValues(Topic<String, V> topic, Predicate<V> filter, int count) {
        var deadline = System.nanoTime() + AWAIT_LIMIT.toNanos();
        while (true) {
            var found = values(topic, filter);
            if (found.size() >= count) {
                return found;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "expected at least " + count + " matching records on " + topic.name(Deployment.DEFAULT)
                                + " within " + AWAIT_LIMIT.toSeconds() + " s, found " + found.size() + ": " + found);
            }
        }
    }

    /** Every committed record of the topic, read from the beginning to the end offsets taken at the start. */
    <V> List<ConsumerRecord<String, V>> records(Topic<String, V> topic) {
        return records(topic, Map.of());
    }

    /** The end offset of each partition of the topic now (committed records only). */
    Map<TopicPartition, Long> endOffsets(Topic<String, ?> topic) {
        try (var consumer = consumer(topic)) {
            var partitions = partitions(consumer, topic);
            // Assigned first: a read_committed consumer otherwise warns that it cannot track the partitions' LSO.
            consumer.assign(partitions);
            return Map.copyOf(consumer.endOffsets(partitions));
        }
    }

    /**
     * The committed records from {@code from} (per partition; the beginning for a partition not in it) up to
     * the end offsets taken at the start.
     */
    <V> List<ConsumerRecord<String, V>> records(Topic<String, V> topic, Map<TopicPartition, Long> from) {
        try (var consumer = consumer(topic)) {
            var partitions = partitions(consumer, topic);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            from.forEach(consumer::seek);
            var end = consumer.endOffsets(partitions);
            var out = new ArrayList<ConsumerRecord<String, V>>();
            var deadline = System.nanoTime() + READ_LIMIT.toNanos();
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < end.get(partition))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("could not read " + topic.name(Deployment.DEFAULT) + " up to " + end
                            + " within " + READ_LIMIT.toSeconds() + " s");
                }
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
            }
            return out;
        }
    }

    private <V> KafkaConsumer<String, V> consumer(Topic<String, V> topic) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false);
        return new KafkaConsumer<>(
                config, topic.keySerde().deserializer(), topic.valueSerde().deserializer());
    }

    private static List<TopicPartition> partitions(KafkaConsumer<String, ?> consumer, Topic<String, ?> topic) {
        return consumer.partitionsFor(topic.name(Deployment.DEFAULT)).stream()
                .map(info -> new TopicPartition(topic.name(Deployment.DEFAULT), info.partition()))
                .toList();
    }
}
