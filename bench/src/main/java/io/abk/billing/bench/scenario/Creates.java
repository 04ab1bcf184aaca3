package io.abk.billing.bench.scenario;

import io.abk.billing.bench.load.ClosedLoopLoad;
import io.abk.billing.bench.load.FixedRateLoad;
import io.abk.billing.bench.load.StallWatch;
import io.abk.billing.bench.load.WindowedLoad;
import io.abk.billing.bench.probe.ThreadDumps;
import io.abk.billing.bench.probe.UsageSampler;
import io.abk.billing.bench.report.Report;
import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.report.Section;
import io.abk.billing.bench.workload.CreateSubscriptionWorkload;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code POST /v1/subscriptions}: from the stack's first request, closed-loop load cut into windows (the warm-up
 * curve: throughput and p99 per window); then, on the warmed stack, a fixed rate with each latency taken from the
 * request's intended start; then closed loops of each client count.
 */
public final class Creates {

    public static final String NAME = "creates";
    /** The foundation issue's first bar on a 2-core machine with everything on it. */
    private static final int BAR_RATE = 500;

    private static final double BAR_P99_MILLIS = 200;

    private Creates() {}

    /**
     * The warm-up curve, the fixed rate (watched for stalls: their thread dumps go to {@code stallDumps}), then, when
     * {@code closedLoops}, a closed loop of each client count.
     */
    public static Section run(
            Target target,
            int rate,
            Duration warmup,
            Duration window,
            Duration duration,
            List<Integer> clients,
            boolean closedLoops,
            Path stallDumps,
            AtomicLong sequence) {
        var rows = new ArrayList<Row>();
        int windows = (int) Math.max(1, warmup.toSeconds() / window.toSeconds());
        try (var workload = new CreateSubscriptionWorkload(URI.create(target.baseUrl()), target.testKey())) {
            System.out.printf(
                    "bench: creates: warm-up curve, %d windows of %d s with %d clients ...%n",
                    windows, window.toSeconds(), clients.getFirst());
            var usages = UsageSampler.windows(target.probe(), window, windows);
            var curve = WindowedLoad.run(workload, clients.getFirst(), window, windows, sequence);
            var windowUsages = usages.join();
            for (int i = 0; i < curve.size(); i++) {
                rows.add(new Row(NAME, curve.get(i), windowUsages.get(i)));
            }
            var ramp = Phases.ramp(duration);
            System.out.printf("bench: creates at %d/s ...%n", rate);
            var dumps = ThreadDumps.of(stallDumps, target.probe());
            Row fixed;
            List<String> stalls;
            try (var watch = StallWatch.start(dumps::capture)) {
                fixed = Phases.measured(
                        NAME, target.probe(), () -> FixedRateLoad.run(workload, rate, ramp, duration, sequence, watch));
                stalls = watch.seen();
            }
            rows.add(fixed);
            for (var count : closedLoops ? clients : List.<Integer>of()) {
                System.out.printf("bench: creates with %d clients ...%n", count);
                rows.add(Phases.measured(
                        NAME, target.probe(), () -> ClosedLoopLoad.run(workload, count, ramp, duration, sequence)));
            }
            var notes = new ArrayList<>(List.of(
                    "warm-up curve: closed loop of " + clients.getFirst()
                            + " clients from the stack's first request, in windows of " + window.toSeconds()
                            + " s (an operation counts in the window it ends in)",
                    "fixed rate and closed loops on the warmed stack: " + ramp.toSeconds() + " s ramp, then "
                            + duration.toSeconds()
                            + " s measured; fixed-rate latency from each request's intended start (stalls are not hidden)",
                    "payload: ad hoc monthly subscription, 9.99 USDC, distinct reference and wallet per operation",
                    Report.verdict(fixed.result(), BAR_RATE, BAR_P99_MILLIS)));
            notes.add(
                    stalls.isEmpty()
                            ? "fixed rate: no second's p99 passed " + StallWatch.THRESHOLD.toSeconds()
                                    + " s and no request waited longer"
                            : "fixed rate: " + stalls.size() + " stalled second(s), thread dumps in "
                                    + dumps.directory());
            notes.addAll(stalls);
            return new Section(NAME, rows, notes);
        }
    }
}
