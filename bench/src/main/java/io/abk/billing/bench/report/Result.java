package io.abk.billing.bench.report;

import java.time.Duration;
import org.HdrHistogram.Histogram;

/** What one measured phase gave: successful operations per second and the latency distribution (milliseconds). */
public record Result(
        String workload,
        String load,
        long succeeded,
        long failed,
        Duration window,
        double throughputPerSecond,
        double p50Millis,
        double p95Millis,
        double p99Millis,
        double maxMillis) {

    public static Result of(String workload, String load, Histogram latenciesMicros, long failed, Duration window) {
        long succeeded = latenciesMicros.getTotalCount();
        double seconds = window.toNanos() / 1e9;
        return new Result(
                workload,
                load,
                succeeded,
                failed,
                window,
                succeeded / seconds,
                latenciesMicros.getValueAtPercentile(50) / 1000.0,
                latenciesMicros.getValueAtPercentile(95) / 1000.0,
                latenciesMicros.getValueAtPercentile(99) / 1000.0,
                latenciesMicros.getMaxValue() / 1000.0);
    }
}
