package io.abk.billing.streamskit.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.function.BiConsumer;
import java.util.function.ToLongFunction;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * Deletes the entries of a store that are older than a retention, where an entry's age comes from its value (the
 * wall-clock time it was stored, in ms). A dedup store keeps ids only as long as a replay could bring them back,
 * and the owner says how long that is.
 *
 * <p>Expired entries are swept in slices of at most {@code batch} keys, resuming where the last slice stopped, so
 * one punctuation never scans a store of millions of ids and stalls the task; an entry may outlive its retention
 * by one full sweep of the store, which only costs disk. One instance per task, called from its punctuator.
 */
public final class ExpirySweep<K, V> {

    private final KeyValueStore<K, V> store;
    private final ToLongFunction<V> storedAtMs;
    private final Duration retention;
    private final int batch;
    private @Nullable K cursor;

    public ExpirySweep(KeyValueStore<K, V> store, ToLongFunction<V> storedAtMs, Duration retention, int batch) {
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be at least 1, was " + batch);
        }
        this.store = store;
        this.storedAtMs = storedAtMs;
        this.retention = retention;
        this.batch = batch;
    }

    /**
     * Deletes expired entries (stored before {@code nowMs} minus the retention) among the next slice of keys,
     * continuing after the previous slice and wrapping around at the end; returns how many it deleted.
     */
    public int sweep(long nowMs) {
        return sweep(nowMs, (key, value) -> {});
    }

    /**
     * As {@link #sweep(long)}, and hands each deleted entry to {@code onExpired} (after it is deleted), for an owner
     * whose expired entries are worth a log line or a count of their own.
     */
    public int sweep(long nowMs, BiConsumer<K, V> onExpired) {
        long cutoff = nowMs - retention.toMillis();
        var expired = new ArrayList<KeyValue<K, V>>();
        int seen = 0;
        @Nullable K last = null;
        try (var entries = cursor == null ? store.all() : store.range(cursor, null)) {
            while (seen < batch && entries.hasNext()) {
                var entry = entries.next();
                seen++;
                last = entry.key;
                if (storedAtMs.applyAsLong(entry.value) < cutoff) {
                    expired.add(entry);
                }
            }
            // A full slice means there may be more: the next sweep starts at the last key seen (range is inclusive).
            cursor = seen == batch && entries.hasNext() ? last : null;
        }
        for (var entry : expired) {
            store.delete(entry.key);
            onExpired.accept(entry.key, entry.value);
        }
        return expired.size();
    }
}
