package io.abk.billing.gateway.readmodel.projection;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the projector's consumer reads from. Newly assigned partitions are paused until they are positioned at
 * the offsets stored with the data; after a failed transaction every partition goes back to that state, so the
 * failed batch is read again. Partitions held at an undecodable change stay paused. Used by the projector's
 * thread only (rebalance callbacks run inside its {@code poll()}); the views for health are safe to read anywhere.
 */
final class PartitionPositions implements ConsumerRebalanceListener {

    private static final Logger log = LoggerFactory.getLogger(PartitionPositions.class);

    private final Consumer<?, ?> consumer;
    private final String groupId;
    private final Runnable onRelease;
    private final Set<TopicPartition> awaitingPosition = new HashSet<>();
    private volatile Map<TopicPartition, Long> held = Map.of();
    private volatile Set<TopicPartition> assigned = Set.of();
    /** The group has assigned this member its partitions (possibly none: more replicas than partitions). */
    private volatile boolean joined;
    /** This member holds every partition of the topic, as of its last assignment. */
    private volatile boolean holdsEveryPartition;
    /** When the group's coordinator last answered this member ({@code System.nanoTime()}). */
    private volatile long lastCoordinatorAnswerNanos;

    /**
     * @param onRelease runs inside {@code poll()} when partitions are revoked or lost, before any other member can
     *     be given them
     */
    PartitionPositions(Consumer<?, ?> consumer, String groupId, Runnable onRelease) {
        this.consumer = consumer;
        this.groupId = groupId;
        this.onRelease = onRelease;
    }

    /** Whether this member held every partition of the topic at its last assignment, and gave none up since. */
    boolean holdsEveryPartition() {
        return holdsEveryPartition;
    }

    /** When the coordinator last answered: the assignment, or a heartbeat the projector saw answered since. */
    long lastCoordinatorAnswerNanos() {
        return lastCoordinatorAnswerNanos;
    }

    /** The projector saw a heartbeat answered (its count grew) at {@code nanos}. */
    void coordinatorAnswered(long nanos) {
        if (nanos - lastCoordinatorAnswerNanos > 0) {
            lastCoordinatorAnswerNanos = nanos;
        }
    }

    boolean joined() {
        return joined;
    }

    boolean needsPositioning() {
        return !awaitingPosition.isEmpty();
    }

    Set<TopicPartition> assigned() {
        return assigned;
    }

    Map<TopicPartition, Long> held() {
        return held;
    }

    /** Seeks every partition waiting for it to its stored offset (the beginning when none is stored), and resumes it. */
    void positionAt(Map<TopicPartition, Long> stored) {
        var partitions = List.copyOf(awaitingPosition);
        for (var partition : partitions) {
            var offset = stored.get(partition);
            if (offset != null) {
                consumer.seek(partition, offset);
            } else {
                consumer.seekToBeginning(List.of(partition));
            }
        }
        var resumable = new ArrayList<>(partitions);
        resumable.removeAll(held.keySet());
        consumer.resume(resumable);
        awaitingPosition.clear();
        log.info(
                "projector positioned group={} partitions={} fromStoredOffsets={}",
                groupId,
                partitions.size(),
                partitions.stream().filter(stored::containsKey).count());
    }

    /** After a failed transaction: everything read since the last commit is read again. */
    void rewind() {
        var partitions = consumer.assignment();
        consumer.pause(partitions);
        awaitingPosition.addAll(partitions);
    }

    /** Holds partitions at a change that cannot be decoded. */
    void hold(Map<TopicPartition, Long> undecodable) {
        if (undecodable.isEmpty()) {
            return;
        }
        var updated = new HashMap<>(held);
        updated.putAll(undecodable);
        held = Map.copyOf(updated);
        undecodable.forEach(consumer::seek);
        consumer.pause(undecodable.keySet());
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        consumer.pause(partitions);
        awaitingPosition.addAll(partitions);
        assigned = Set.copyOf(consumer.assignment());
        lastCoordinatorAnswerNanos = System.nanoTime();
        holdsEveryPartition = holdsEvery(assigned);
        joined = true;
        log.info("projector assigned group={} partitions={}", groupId, partitions);
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        forget(partitions);
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        forget(partitions);
    }

    private boolean holdsEvery(Set<TopicPartition> held) {
        var topics = held.stream().map(TopicPartition::topic).distinct().toList();
        if (topics.size() != 1) {
            return false;
        }
        var all = consumer.partitionsFor(topics.getFirst());
        return all != null && !all.isEmpty() && held.size() == all.size();
    }

    private void forget(Collection<TopicPartition> partitions) {
        // Nothing to finish: batches are applied between polls, and this runs inside poll().
        if (!partitions.isEmpty()) {
            holdsEveryPartition = false;
            onRelease.run();
        }
        awaitingPosition.removeAll(partitions);
        var remaining = new HashMap<>(held);
        remaining.keySet().removeAll(partitions);
        held = Map.copyOf(remaining);
        assigned = Set.copyOf(consumer.assignment().stream()
                .filter(p -> !partitions.contains(p))
                .toList());
    }
}
