package io.abk.billing.streams.command;

import io.abk.billing.streamskit.store.ExpirySweep;
import java.time.Duration;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The command ids this task has applied (command id -> wall-clock time it was processed, in ms), so a command
 * delivered twice is applied once. Commands of one aggregate always land on the same partition, so the task's own
 * store sees every duplicate. One store per aggregate type (each type has its own command topic and tasks).
 *
 * <p>Entries expire {@link #RETENTION} after processing. Commands stay on their topic for 7 days (by the
 * producer's timestamp, which is never later than our processing time), so a replay of the topic can only bring
 * back a command younger than that; the eighth day is margin for clock skew between producer and processor.
 * The age is measured from the processing time, not the command's {@code requestedAt}: in test mode
 * {@code requestedAt} is a test clock's time, which can be months in the past or the future. Expired entries are
 * swept in slices of {@link #SWEEP_BATCH} keys ({@link ExpirySweep}), so one punctuation never stalls the task.
 */
public final class ProcessedCommands {

    public static final Duration RETENTION = Duration.ofDays(8);
    public static final Duration SWEEP_INTERVAL = Duration.ofMinutes(1);
    public static final int SWEEP_BATCH = 10_000;

    private final KeyValueStore<String, Long> store;
    private final ExpirySweep<String, Long> expiry;

    public ProcessedCommands(KeyValueStore<String, Long> store) {
        this(store, SWEEP_BATCH);
    }

    ProcessedCommands(KeyValueStore<String, Long> store, int sweepBatch) {
        this.store = store;
        this.expiry = new ExpirySweep<>(store, Long::longValue, RETENTION, sweepBatch);
    }

    public boolean contains(String commandId) {
        return store.get(commandId) != null;
    }

    public void markProcessed(String commandId, long processedAtMs) {
        store.put(commandId, processedAtMs);
    }

    /** Deletes expired ids among the next slice of keys; returns how many it deleted. */
    public int sweep(long nowMs) {
        return expiry.sweep(nowMs);
    }
}
