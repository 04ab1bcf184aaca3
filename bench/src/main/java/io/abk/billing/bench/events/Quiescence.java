package io.abk.billing.bench.events;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.scheduler.RenewalSchedulerSettings;
import io.abk.billing.streams.BillingStreamsSettings;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * Whether the command path has caught up: billing-streams (its usage processor too), the renewal-scheduler and
 * settlement (chain-indexer) have consumed everything written to their inputs, and nothing new was written for a
 * while. A group at rest on a partition written in transactions still shows one record there (the commit marker after
 * its last record, which a consumer steps over only with its next fetch), so up to one record a partition counts as
 * caught up; asking for the same offsets on {@link #STABLE_READS} reads in a row makes a record still in flight show
 * by moving them.
 */
public final class Quiescence {

    /**
     * The Kafka Streams applications a command goes through (their application ids are their group ids): the usage
     * processor's too, which a metered subscription's track and close pass through.
     */
    private static final List<String> GROUPS = List.of(
            BillingStreamsSettings.DEFAULT_APPLICATION_ID,
            BillingStreamsSettings.DEFAULT_APPLICATION_ID + BillingStreamsSettings.USAGE_APPLICATION_SUFFIX,
            RenewalSchedulerSettings.DEFAULT_APPLICATION_ID,
            ChainIndexerSettings.DEFAULT_APPLICATION_ID);
    /** Two commit intervals of every application and a scheduler tick (0.5 s) fit in the span of these reads. */
    private static final int STABLE_READS = 4;

    private static final long READ_EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

    private Quiescence() {}

    /** Returns true once the command path is at rest, false when it still is not by {@code deadline} from now. */
    public static boolean await(String bootstrap, Duration deadline) {
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            long until = System.nanoTime() + deadline.toNanos();
            Map<TopicPartition, long[]> previous = Map.of();
            int stable = 0;
            while (true) {
                var now = read(admin);
                boolean caughtUp = now.values().stream().allMatch(offsets -> offsets[1] - offsets[0] <= 1);
                stable = caughtUp && sameOffsets(previous, now) ? stable + 1 : 0;
                if (stable >= STABLE_READS) {
                    return true;
                }
                if (System.nanoTime() > until) {
                    return false;
                }
                previous = now;
                LockSupport.parkNanos(READ_EVERY_NANOS);
            }
        }
    }

    /** Per group and partition: {committed, last stable offset}. */
    private static Map<TopicPartition, long[]> read(Admin admin) {
        try {
            var offsets = new HashMap<TopicPartition, long[]>();
            for (var group : GROUPS) {
                var committed = admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata()
                        .get(10, TimeUnit.SECONDS);
                var request = new HashMap<TopicPartition, OffsetSpec>();
                committed.keySet().forEach(partition -> request.put(partition, OffsetSpec.latest()));
                var ends = admin.listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                        .all()
                        .get(10, TimeUnit.SECONDS);
                committed.forEach((partition, offset) -> {
                    if (offset != null) {
                        // The group's name keeps two groups reading one topic apart.
                        offsets.put(
                                new TopicPartition(group + "/" + partition.topic(), partition.partition()), new long[] {
                                    offset.offset(),
                                    Objects.requireNonNull(ends.get(partition)).offset()
                                });
                    }
                });
            }
            return offsets;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted reading consumer group offsets", e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the stream processors' offsets: " + e, e);
        }
    }

    private static boolean sameOffsets(Map<TopicPartition, long[]> a, Map<TopicPartition, long[]> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        return a.entrySet().stream()
                .allMatch(entry -> java.util.Arrays.equals(entry.getValue(), b.get(entry.getKey())));
    }
}
