package io.abk.billing.bench.load;

import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.ConcurrentHistogram;

/**
 * Closed-loop load cut into consecutive windows, each reported on its own: from a fresh start it draws the warm-up
 * curve (throughput and latency while the JIT compilers, caches and connection pools settle). An operation counts
 * in the window it ends in; the clients never pause between windows.
 */
public final class WindowedLoad {

    private WindowedLoad() {}

    public static List<Result> run(Workload workload, int clients, Duration window, int windows, AtomicLong sequence) {
        var latencies = new ArrayList<ConcurrentHistogram>();
        for (int i = 0; i < windows; i++) {
            latencies.add(new ConcurrentHistogram(TimeUnit.MINUTES.toMicros(2), 3));
        }
        var failed = new AtomicLongArray(windows);
        long start = System.nanoTime();
        long windowNanos = window.toNanos();
        long end = start + windowNanos * windows;
        Runnable client = () -> {
            long begun;
            while ((begun = System.nanoTime()) < end) {
                boolean ok = workload.completes(sequence.getAndIncrement());
                long ended = System.nanoTime();
                if (ended > end) {
                    break;
                }
                int index = (int) ((ended - start) / windowNanos);
                if (ok) {
                    latencies.get(index).recordValue(Math.max(1, (ended - begun) / 1000));
                } else {
                    failed.incrementAndGet(index);
                }
            }
        };
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < clients; i++) {
            threads.add(Thread.ofVirtual().name("bench-window-client-" + i).start(client));
        }
        for (var thread : threads) {
            try {
                // An operation started just before the end may take up to its own timeout to answer.
                thread.join(
                        Duration.ofNanos(Math.max(0, end - System.nanoTime())).plusSeconds(60));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the clients", e);
            }
        }
        var results = new ArrayList<Result>();
        for (int i = 0; i < windows; i++) {
            var load = String.format(
                    "warm-up %s-%s s from start, closed loop, %d clients",
                    seconds(window.multipliedBy(i)), seconds(window.multipliedBy(i + 1L)), clients);
            results.add(Result.of(workload.name(), load, latencies.get(i), failed.get(i), window));
        }
        return results;
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0
                ? Long.toString(duration.toSeconds())
                : String.format(Locale.ROOT, "%.1f", duration.toMillis() / 1000.0);
    }
}
