package io.abk.billing.bench.load;

import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.workload.Workload;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;

/**
 * Closed-loop load: {@code clients} callers, each starting its next operation when the previous one answers.
 * Gives the throughput at saturation; its latencies are those of a saturated system.
 */
public final class ClosedLoopLoad {

    private ClosedLoopLoad() {
    }

    public static Result run(Workload workload, int clients, Duration warmup, Duration measured, AtomicLong sequence) {
        var latencies = new ConcurrentHistogram(TimeUnit.MINUTES.toMicros(2), 3);
        var failed = new AtomicLong();
        var inFlight = new AtomicLong();
        long start = System.nanoTime();
        long windowStart = start + warmup.toNanos();
        long windowEnd = windowStart + measured.toNanos();
        var loop = new Object() {
            void next() {
                long begun = System.nanoTime();
                if (begun >= windowEnd) {
                    return;
                }
                inFlight.incrementAndGet();
                workload.execute(sequence.getAndIncrement()).whenComplete((ok, error) -> {
                    long ended = System.nanoTime();
                    if (begun >= windowStart && ended <= windowEnd) {
                        if (error != null) {
                            failed.incrementAndGet();
                        } else {
                            latencies.recordValue(Math.max(1, (ended - begun) / 1000));
                        }
                    }
                    inFlight.decrementAndGet();
                    next();
                });
            }
        };
        for (int i = 0; i < clients; i++) {
            loop.next();
        }
        // Wait for the window to pass, then for the last answers.
        Drain.awaitTime(windowEnd);
        Drain.await(inFlight, Duration.ofSeconds(60));
        return Result.of(workload.name(), "closed loop, " + clients + " clients", latencies, failed.get(), measured);
    }
}
