package io.abk.billing.bench.events;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * {@code billing.events} read_committed (what any consumer of the platform sees, once its transaction committed)
 * from given offsets, without a consumer group. Used by one thread.
 */
public final class EventTail implements AutoCloseable {

    /** What {@link #poll} hands over: an event and when this tail received it ({@link System#nanoTime}). */
    @FunctionalInterface
    public interface Sink {
        void accept(BillingEvent event, long receivedNanos);
    }

    private final KafkaConsumer<String, BillingEvent> consumer;

    private EventTail(String bootstrap) {
        var props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "bench-event-tail");
        consumer = new KafkaConsumer<>(
                props,
                Topics.EVENTS.keySerde().deserializer(),
                Topics.EVENTS.valueSerde().deserializer());
        var partitions = consumer.partitionsFor(Topics.EVENTS.name(Deployment.DEFAULT), Duration.ofSeconds(30)).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition()))
                .toList();
        consumer.assign(partitions);
    }

    /** A tail that starts at the end of the topic as it is now: it sees only what is published from now on. */
    public static EventTail fromNow(String bootstrap) {
        var tail = new EventTail(bootstrap);
        tail.consumer.seekToEnd(tail.consumer.assignment());
        // Resolve the positions now, not at the first poll, which may come after the events to be seen.
        tail.consumer.assignment().forEach(tail.consumer::position);
        return tail;
    }

    /** Hands over what arrives within {@code wait} (at most one fetch's worth). */
    public void poll(Duration wait, Sink sink) {
        for (var record : consumer.poll(wait)) {
            sink.accept(record.value(), System.nanoTime());
        }
    }

    /** The last stable offset of each partition now: where a read_committed reader ends. */
    public Map<TopicPartition, Long> ends() {
        return new HashMap<>(consumer.endOffsets(consumer.assignment()));
    }

    /** Whether this tail has read everything up to {@code ends}. */
    public boolean hasReached(Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(end -> consumer.position(end.getKey()) >= end.getValue());
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }
}
