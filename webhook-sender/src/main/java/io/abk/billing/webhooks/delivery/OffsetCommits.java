package io.abk.billing.webhooks.delivery;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The offsets of one delivery consumer's partitions ({@link DeliveryLoop}): a record is started in its partition's
 * {@link PartitionOffsets} on the loop's thread, settled by whichever thread completes its attempt, and committed by
 * the loop's thread up to the lowest offset still in flight, at most every {@link #COMMIT_EVERY} and at every stop.
 */
final class OffsetCommits {

    /** The loop's logger: these lines are the delivery loop's, as operators read them. */
    private static final Logger log = LoggerFactory.getLogger(DeliveryLoop.class);
    /** Settled offsets are committed at most this often (and at every stop), not at every turn of the loop. */
    static final Duration COMMIT_EVERY = Duration.ofMillis(100);

    private record SettledOffset(PartitionOffsets partition, long offset) {}

    private final Consumer<String, byte[]> consumer;
    private final Map<TopicPartition, PartitionOffsets> partitions = new HashMap<>();
    private final ConcurrentLinkedQueue<SettledOffset> settled = new ConcurrentLinkedQueue<>();
    private long lastCommitNanos = System.nanoTime();

    OffsetCommits(Consumer<String, byte[]> consumer) {
        this.consumer = consumer;
    }

    /** The offsets of a partition this consumer reads. */
    PartitionOffsets of(TopicPartition partition) {
        return partitions.computeIfAbsent(partition, p -> new PartitionOffsets());
    }

    void assigned(Collection<TopicPartition> assigned) {
        assigned.forEach(partition -> partitions.put(partition, new PartitionOffsets()));
    }

    void forget(Collection<TopicPartition> gone) {
        gone.forEach(partitions::remove);
    }

    /** Marks the record settled once its attempt completes, so the next commit may pass it. */
    void settleWhenDone(PartitionOffsets offsets, long offset, CompletableFuture<Void> attempt) {
        attempt.whenComplete((done, error) -> {
            if (error == null) {
                settled.add(new SettledOffset(offsets, offset));
            } else {
                // Not settled: the offset stays uncommitted (this partition's commits wait at it) and the record is
                // read again after a restart or a rebalance. Only a Kafka failure to take the forwarded copy gets here.
                log.error("delivery=forward offset={} outcome=unsettled error=\"{}\"", offset, error.toString());
            }
        });
    }

    /** Waits up to {@code patience} for the attempts in flight to settle; returns how many did not. */
    long awaitInFlight(Duration patience) {
        var deadline = System.nanoTime() + patience.toNanos();
        while (partitions.values().stream().anyMatch(offsets -> offsets.inFlight() > 0)
                && System.nanoTime() - deadline < 0) {
            applySettled();
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos()); // shutdown waits on other threads' attempts
        }
        applySettled();
        return partitions.values().stream()
                .mapToLong(PartitionOffsets::inFlight)
                .sum();
    }

    /** Commits what settled: synchronously at a stop or a rebalance, else asynchronously and not too often. */
    void commit(boolean sync) {
        applySettled();
        long now = System.nanoTime();
        if (!sync && now - lastCommitNanos < COMMIT_EVERY.toNanos()) {
            return;
        }
        lastCommitNanos = now;
        var commits = new HashMap<TopicPartition, OffsetAndMetadata>();
        partitions.forEach((partition, offsets) -> {
            long offset = offsets.toCommit();
            if (offset >= 0) {
                commits.put(partition, new OffsetAndMetadata(offset));
                offsets.committed(offset);
            }
        });
        if (commits.isEmpty()) {
            return;
        }
        if (sync) {
            try {
                consumer.commitSync(commits);
            } catch (WakeupException slotFreed) {
                // A wake-up meant for the poll (an attempt ending while this stops): commit once more.
                consumer.commitSync(commits);
            }
        } else {
            consumer.commitAsync(commits, (offsets, error) -> {
                if (error != null) {
                    // The next commit of a partition carries a later offset and supersedes this one.
                    log.warn("loop=delivery commit=async outcome=failed error=\"{}\"", error.getMessage());
                }
            });
        }
    }

    private void applySettled() {
        SettledOffset each;
        while ((each = settled.poll()) != null) {
            each.partition().settled(each.offset());
        }
    }
}
