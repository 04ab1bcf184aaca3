package io.abk.billing.gateway.readmodel.projection;

import java.util.concurrent.atomic.AtomicLong;

/** Counters of the projector's work, for its health details and for measuring its throughput. */
public final class ProjectorStats {

    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong changes = new AtomicLong();
    private final AtomicLong applyNanos = new AtomicLong();
    private volatile int lastBatchSize;
    private volatile long lastBatchMicros;

    void recordBatch(int size, long nanos) {
        batches.incrementAndGet();
        changes.addAndGet(size);
        applyNanos.addAndGet(nanos);
        lastBatchSize = size;
        lastBatchMicros = nanos / 1000;
    }

    public long batches() {
        return batches.get();
    }

    /** Changes applied by this projector instance since it was created. */
    public long changes() {
        return changes.get();
    }

    /** Time spent decoding and applying batches (not waiting in poll), in milliseconds. */
    public long applyMillis() {
        return applyNanos.get() / 1_000_000;
    }

    public int lastBatchSize() {
        return lastBatchSize;
    }

    public long lastBatchMicros() {
        return lastBatchMicros;
    }
}
