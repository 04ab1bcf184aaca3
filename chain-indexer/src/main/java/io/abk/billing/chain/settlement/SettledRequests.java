package io.abk.billing.chain.settlement;

import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.time.Duration;
import java.util.ArrayList;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.jspecify.annotations.Nullable;

/**
 * The answers this task has given (request id -> the result command, stamped with the wall-clock time it was
 * settled), so a request delivered again gets the same answer and is never settled twice. Requests are keyed by
 * invoice id and a request id starts with its invoice id, so every repeat lands on this task's partition.
 *
 * <p>Entries expire {@link #RETENTION} after settling: requests stay on their topic for 7 days (by the producer's
 * timestamp, never later than our settling time), so a replay can only bring back a request younger than that;
 * the eighth day is margin for clock skew. Expired entries are swept in slices of {@link #SWEEP_BATCH} keys,
 * resuming where the last slice stopped, so one punctuation never scans the whole store and stalls the task.
 */
final class SettledRequests {

    static final Duration RETENTION = Duration.ofDays(8);
    static final Duration SWEEP_INTERVAL = Duration.ofMinutes(1);
    static final int SWEEP_BATCH = 10_000;

    private final TimestampedKeyValueStore<String, SubscriptionCommand> store;
    private final int sweepBatch;
    private @Nullable String cursor;

    SettledRequests(TimestampedKeyValueStore<String, SubscriptionCommand> store) {
        this(store, SWEEP_BATCH);
    }

    SettledRequests(TimestampedKeyValueStore<String, SubscriptionCommand> store, int sweepBatch) {
        this.store = store;
        this.sweepBatch = sweepBatch;
    }

    /** The answer given to {@code requestId}, or null when it was never settled (or has expired). */
    @Nullable SubscriptionCommand answerTo(String requestId) {
        var stored = store.get(requestId);
        return stored == null ? null : stored.value();
    }

    void record(String requestId, SubscriptionCommand answer, long settledAtMs) {
        store.put(requestId, ValueAndTimestamp.make(answer, settledAtMs));
    }

    /**
     * Deletes expired entries among the next slice of keys, continuing after the previous slice and wrapping
     * around at the end; returns how many it deleted.
     */
    int sweep(long nowMs) {
        long cutoff = nowMs - RETENTION.toMillis();
        var expired = new ArrayList<String>();
        int seen = 0;
        String last = null;
        try (var entries = cursor == null ? store.all() : store.range(cursor, null)) {
            while (seen < sweepBatch && entries.hasNext()) {
                var entry = entries.next();
                seen++;
                last = entry.key;
                if (entry.value.timestamp() < cutoff) {
                    expired.add(entry.key);
                }
            }
            // A full slice means there may be more: the next sweep starts at the last key seen (range is inclusive).
            cursor = seen == sweepBatch && entries.hasNext() ? last : null;
        }
        expired.forEach(store::delete);
        return expired.size();
    }
}
