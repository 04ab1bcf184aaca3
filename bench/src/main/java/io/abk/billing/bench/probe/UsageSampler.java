package io.abk.billing.bench.probe;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * Samples a {@link StackProbe} while one row of the report runs: resident sets every {@link #EVERY_NANOS} (their
 * maxima are reported) and CPU time at the start, at every sample and at the end. A PostgreSQL process's CPU counts from
 * its first sample to its last, so a PostgreSQL backend that starts or ends inside the row counts for the part seen.
 */
public final class UsageSampler implements AutoCloseable {

    /** Often enough to catch the peak of a 20 s window, rarely enough to cost nothing measurable. */
    private static final long EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final @Nullable StackProbe probe;
    private final @Nullable Thread thread;
    private final Map<Long, long[]> postgresCpu = new HashMap<>();
    private StackProbe.@Nullable Reading first;
    private StackProbe.@Nullable Reading last;
    private long jvmRssMax = -1;
    private long postgresRssMax = -1;
    private volatile boolean running = true;

    private UsageSampler(@Nullable StackProbe probe) {
        this.probe = probe;
        if (probe == null) {
            thread = null;
            return;
        }
        sample();
        thread = Thread.ofPlatform().daemon().name("bench-usage-sampler").start(() -> {
            while (running) {
                // The sampling cadence, not a wait for a condition.
                LockSupport.parkNanos(EVERY_NANOS);
                sample();
            }
        });
    }

    /** Starts sampling; with no probe (a stack elsewhere) the usage is {@link Usage#UNKNOWN}. */
    public static UsageSampler start(@Nullable StackProbe probe) {
        return new UsageSampler(probe);
    }

    /**
     * One usage per consecutive window of {@code window}, from now on, for phases that report windows (a warm-up
     * curve); the future completes after the last window.
     */
    public static CompletableFuture<List<Usage>> windows(@Nullable StackProbe probe, Duration window, int count) {
        var usages = new CompletableFuture<List<Usage>>();
        Thread.ofPlatform().daemon().name("bench-usage-windows").start(() -> {
            var out = new ArrayList<Usage>();
            long start = System.nanoTime();
            for (int i = 1; i <= count; i++) {
                var sampler = start(probe);
                long boundary = start + i * window.toNanos();
                long wait;
                // Pacing to the window's end, not waiting for a condition.
                while ((wait = boundary - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
                out.add(sampler.stop());
            }
            usages.complete(out);
        });
        return usages;
    }

    private synchronized void sample() {
        if (probe == null) {
            return;
        }
        var reading = probe.read();
        if (first == null) {
            first = reading;
        }
        last = reading;
        reading.postgresCpuNanos()
                .forEach((pid, nanos) -> postgresCpu.computeIfAbsent(pid, p -> new long[] {nanos, nanos})[1] = nanos);
        reading.jvmRssBytes().ifPresent(rss -> jvmRssMax = Math.max(jvmRssMax, rss));
        reading.postgresRssBytes().ifPresent(rss -> postgresRssMax = Math.max(postgresRssMax, rss));
    }

    /** Stops sampling and tells what was used since {@link #start}. */
    public Usage stop() {
        if (probe == null || thread == null) {
            return Usage.UNKNOWN;
        }
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sample();
        synchronized (this) {
            return usage();
        }
    }

    private Usage usage() {
        var start = first;
        var end = last;
        if (start == null
                || end == null
                || start.jvmCpuNanos().isEmpty()
                || end.jvmCpuNanos().isEmpty()) {
            return new Usage(-1, jvmRssMax, postgresRssMax);
        }
        long cpu = end.jvmCpuNanos().getAsLong() - start.jvmCpuNanos().getAsLong();
        for (var span : postgresCpu.values()) {
            cpu += span[1] - span[0];
        }
        long wall = Math.max(1, end.nanoTime() - start.nanoTime());
        return new Usage((double) cpu / wall, jvmRssMax, postgresRssMax);
    }

    @Override
    public void close() {
        running = false;
    }
}
