package io.abk.billing.bench.load;

import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;

/**
 * Closed-loop load: {@code clients} callers (virtual threads), each starting its next operation when the
 * previous one answers. Gives the throughput at saturation; its latencies are those of a saturated system.
 */
public final class ClosedLoopLoad {

    private ClosedLoopLoad() {}

    public static Result run(Workload workload, int clients, Duration warmup, Duration measured, AtomicLong sequence) {
        var latencies = new ConcurrentHistogram(TimeUnit.MINUTES.toMicros(2), 3);
        var failed = new AtomicLong();
        long start = System.nanoTime();
        long windowStart = start + warmup.toNanos();
        long windowEnd = windowStart + measured.toNanos();
        Runnable client = () -> {
            long begun;
            while ((begun = System.nanoTime()) < windowEnd) {
                boolean ok = workload.completes(sequence.getAndIncrement());
                long ended = System.nanoTime();
                if (begun >= windowStart && ended <= windowEnd) {
                    if (ok) {
                        latencies.recordValue(Math.max(1, (ended - begun) / 1000));
                    } else {
                        failed.incrementAndGet();
                    }
                }
            }
        };
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < clients; i++) {
            threads.add(Thread.ofVirtual().name("bench-client-" + i).start(client));
        }
        for (var thread : threads) {
            try {
                // An operation started just before the window's end may take up to its own timeout to answer.
                thread.join(Duration.ofNanos(Math.max(0, windowEnd - System.nanoTime()))
                        .plusSeconds(60));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the clients", e);
            }
        }
        return Result.of(workload.name(), "closed loop, " + clients + " clients", latencies, failed.get(), measured);
    }
}
