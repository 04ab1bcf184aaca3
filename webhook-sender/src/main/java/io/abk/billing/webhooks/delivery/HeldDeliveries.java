package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.avro.WebhookDelivery;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Iterator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * Deliveries a loop read while their endpoint was at its bound but still making progress ({@link EndpointLimit}: a
 * busy endpoint frees a slot within milliseconds), held in memory until a slot frees. Deferring every delivery past
 * the bound instead sent a fast endpoint's burst round through Kafka again and again (5,000 queued at once went at
 * about 5 a second). A delivery to a stalled endpoint (at its bound, nothing finished for {@link #PATIENCE}) is
 * deferred through Kafka ({@link Deferrals}), held or not, so nothing waits behind it. The holding is bounded
 * ({@link #MAX}); when it is full the loop reads no more records until it has room. A held record counts as started
 * in its partition's offsets, so it is never committed before it settles. Used by the consumer's thread only.
 */
final class HeldDeliveries implements Iterable<HeldDeliveries.Held> {

    /** Per loop; when reached, the loop pauses its partitions until held deliveries start or are deferred. */
    static final int MAX = 1_000;
    /** An endpoint at its bound with no attempt finished for this long is stalled: its deliveries are deferred. */
    static final Duration PATIENCE = Duration.ofSeconds(1);

    record Held(
            TopicPartition partition,
            PartitionOffsets offsets,
            ConsumerRecord<String, byte[]> record,
            WebhookDelivery delivery,
            int attempt) {}

    private final ArrayDeque<Held> held = new ArrayDeque<>();

    /** False when full (the caller reads no further until there is room). */
    boolean hold(Held delivery) {
        if (held.size() >= MAX) {
            return false;
        }
        held.add(delivery);
        return true;
    }

    boolean isFull() {
        return held.size() >= MAX;
    }

    boolean isEmpty() {
        return held.isEmpty();
    }

    int size() {
        return held.size();
    }

    /** Oldest first; the loop removes what it starts or defers. */
    @Override
    public Iterator<Held> iterator() {
        return held.iterator();
    }

    /** The partitions went to another consumer, which reads these records again from the last commit. */
    void forget(Collection<TopicPartition> partitions) {
        held.removeIf(delivery -> partitions.contains(delivery.partition()));
    }

    /** Stopping: none of these will settle; their offsets hold the commits back so they are read again after a restart. */
    void abandonAll() {
        held.forEach(delivery -> delivery.offsets().abandoned(delivery.record().offset()));
        held.clear();
    }
}
