package io.abk.billing.bench.load;

import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.workload.Workload;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.ConcurrentHistogram;
import org.jspecify.annotations.Nullable;

/**
 * Open-loop load: operations start on a fixed schedule whatever the system's answers, and each latency is
 * measured from the operation's intended start, so a stall shows in the percentiles instead of slowing the
 * offered rate (no coordinated omission). Only operations intended to start inside the measured window count.
 */
public final class FixedRateLoad {

    /** More operations than this in flight means the system cannot keep up; the phase stops offering load. */
    private static final long MAX_IN_FLIGHT = 20_000;

    private FixedRateLoad() {}

    public static Result run(
            Workload workload, int perSecond, Duration warmup, Duration measured, AtomicLong sequence) {
        return run(workload, perSecond, warmup, measured, sequence, null);
    }

    /** As {@link #run(Workload, int, Duration, Duration, AtomicLong)}, with every request shown to {@code watch}. */
    public static Result run(
            Workload workload,
            int perSecond,
            Duration warmup,
            Duration measured,
            AtomicLong sequence,
            @Nullable StallWatch watch) {
        var latencies = new ConcurrentHistogram(TimeUnit.MINUTES.toMicros(2), 3);
        var failed = new AtomicLong();
        var inFlight = new AtomicLong();
        long periodNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
        long start = System.nanoTime();
        long windowStart = start + warmup.toNanos();
        long windowEnd = windowStart + measured.toNanos();
        // The worst latency of each measured second, to tell a steady queue from a few stalls.
        var worstPerSecond = new java.util.concurrent.atomic.AtomicLongArray((int) measured.toSeconds() + 1);
        for (long i = 0; ; i++) {
            long intended = start + i * periodNanos;
            if (intended >= windowEnd) {
                break;
            }
            long wait = intended - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            if (inFlight.get() > MAX_IN_FLIGHT) {
                System.err.printf(
                        "bench: %s cannot keep up with %d/s (%d in flight); stopping this phase%n",
                        workload.name(), perSecond, inFlight.get());
                break;
            }
            boolean counted = intended >= windowStart;
            long operation = i;
            inFlight.incrementAndGet();
            if (watch != null) {
                watch.started(operation, intended);
            }
            workload.execute(sequence.getAndIncrement()).whenComplete((ok, error) -> {
                inFlight.decrementAndGet();
                long micros = Math.max(1, (System.nanoTime() - intended) / 1000);
                if (watch != null) {
                    if (error != null) {
                        watch.failed(operation);
                    } else {
                        watch.ended(operation, micros);
                    }
                }
                if (!counted) {
                    return;
                }
                if (error != null) {
                    failed.incrementAndGet();
                } else {
                    latencies.recordValue(micros);
                    worstPerSecond.accumulateAndGet(
                            (int) ((intended - windowStart) / 1_000_000_000L), micros, Math::max);
                }
            });
        }
        Drain.await(inFlight, Duration.ofSeconds(60));
        var seconds = new StringBuilder();
        for (int second = 0; second < worstPerSecond.length(); second++) {
            seconds.append(second == 0 ? "" : " ").append(worstPerSecond.get(second) / 1000);
        }
        System.out.printf(
                "bench: %s at %d/s, worst latency (ms) of each measured second: %s%n",
                workload.name(), perSecond, seconds);
        return Result.of(workload.name(), "fixed " + perSecond + "/s", latencies, failed.get(), measured);
    }
}
