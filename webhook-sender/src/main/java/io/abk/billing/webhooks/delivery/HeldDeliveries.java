package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.avro.WebhookDelivery;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Iterator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * Deliveries a loop read while their endpoint was at its bound ({@link EndpointLimit}), held in memory for a moment
 * before they are deferred through Kafka ({@link Deferrals}): a busy but fast endpoint frees a slot within
 * milliseconds, and deferring every delivery past its bound made such an endpoint (5,000 queued at once) go at its
 * bound per deferral delay, about 5 a second instead of hundreds. The loop keeps polling meanwhile, so nothing waits
 * behind a held delivery; the holding is bounded in count ({@link #MAX}) and time ({@link #PATIENCE}), past which a
 * delivery is deferred at once. A held record counts as started in its partition's offsets, so it is never committed
 * before it settles. Used by the consumer's thread only.
 */
final class HeldDeliveries implements Iterable<HeldDeliveries.Held> {

    /** Per loop; beyond it a delivery to a saturated endpoint is deferred straight away. */
    static final int MAX = 1_000;
    /** How long a delivery is held for a slot before it is deferred instead. */
    static final Duration PATIENCE = Duration.ofSeconds(1);

    record Held(TopicPartition partition, PartitionOffsets offsets, ConsumerRecord<String, byte[]> record, WebhookDelivery delivery,
            int attempt, long heldSinceNanos) {

        boolean overdue(long nowNanos) {
            return nowNanos - heldSinceNanos >= PATIENCE.toNanos();
        }
    }

    private final ArrayDeque<Held> held = new ArrayDeque<>();

    /** False when full (the caller defers the delivery instead). */
    boolean hold(Held delivery) {
        if (held.size() >= MAX) {
            return false;
        }
        held.add(delivery);
        return true;
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
