package io.abk.billing.kafkatestkit;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * A consumer that reads a topic as a downstream service does: committed records only ({@code read_committed}, so
 * an aborted or still open transaction stays invisible), every partition assigned from its beginning, no group and
 * no offset commits. The caller polls and closes it.
 */
public final class ReadCommitted {

    private ReadCommitted() {}

    /**
     * Partitions {@code 0..partitions-1} of {@code topic}; the topic need not exist yet (a test of an app that
     * creates or waits for its topics).
     */
    public static <K, V> KafkaConsumer<K, V> fromStart(
            TestBroker broker, String topic, int partitions, Deserializer<K> keys, Deserializer<V> values) {
        var consumer = consumer(broker, keys, values);
        assignFromStart(
                consumer,
                IntStream.range(0, partitions)
                        .mapToObj(p -> new TopicPartition(topic, p))
                        .toList());
        return consumer;
    }

    /** Every partition the broker reports for {@code topic}, which must exist. */
    public static <K, V> KafkaConsumer<K, V> fromStart(
            TestBroker broker, String topic, Deserializer<K> keys, Deserializer<V> values) {
        var consumer = consumer(broker, keys, values);
        assignFromStart(
                consumer,
                consumer.partitionsFor(topic).stream()
                        .map(info -> new TopicPartition(topic, info.partition()))
                        .toList());
        return consumer;
    }

    private static <K, V> KafkaConsumer<K, V> consumer(
            TestBroker broker, Deserializer<K> keys, Deserializer<V> values) {
        return new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers(),
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                keys,
                values);
    }

    private static void assignFromStart(KafkaConsumer<?, ?> consumer, List<TopicPartition> partitions) {
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }
}
