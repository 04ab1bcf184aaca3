package io.abk.billing.streams.subscription;

import java.time.Duration;
import java.util.ArrayList;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * The command ids this task has applied (command id -> wall-clock time it was processed, in ms), so a command
 * delivered twice is applied once. Commands of one subscription always land on the same partition, so the
 * task's own store sees every duplicate.
 *
 * <p>Entries expire {@link #RETENTION} after processing. Commands stay on their topic for 7 days (by the
 * producer's timestamp, which is never later than our processing time), so a replay of the topic can only bring
 * back a command younger than that; the eighth day is margin for clock skew between producer and processor.
 * The age is measured from the processing time, not the command's {@code requestedAt}: in test mode
 * {@code requestedAt} is a test clock's time, which can be months in the past or the future.
 *
 * <p>Expired entries are swept in slices of {@link #SWEEP_BATCH} keys, resuming where the last slice stopped,
 * so one punctuation never scans a store of millions of ids and stalls the task; an entry may outlive its
 * retention by one full sweep of the store, which only costs disk.
 */
final class ProcessedCommands {

    static final Duration RETENTION = Duration.ofDays(8);
    static final Duration SWEEP_INTERVAL = Duration.ofMinutes(1);
    static final int SWEEP_BATCH = 10_000;

    private final KeyValueStore<String, Long> store;
    private final int sweepBatch;
    private @Nullable String cursor;

    ProcessedCommands(KeyValueStore<String, Long> store) {
        this(store, SWEEP_BATCH);
    }

    ProcessedCommands(KeyValueStore<String, Long> store, int sweepBatch) {
        this.store = store;
        this.sweepBatch = sweepBatch;
    }

    boolean contains(String commandId) {
        return store.get(commandId) != null;
    }

    void markProcessed(String commandId, long processedAtMs) {
        store.put(commandId, processedAtMs);
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
                if (entry.value < cutoff) {
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
