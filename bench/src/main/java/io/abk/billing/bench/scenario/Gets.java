package io.abk.billing.bench.scenario;

import io.abk.billing.bench.api.StackApi;
import io.abk.billing.bench.api.SubscriptionPool;
import io.abk.billing.bench.load.ClosedLoopLoad;
import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.report.Section;
import io.abk.billing.bench.workload.GetSubscriptionWorkload;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code GET /v1/subscriptions/{id}}: a pool of subscriptions made through the API, then read in turn by closed
 * loops of each client count (each client holds one keep-alive connection).
 */
public final class Gets {

    public static final String NAME = "gets";

    private Gets() {}

    public static Section run(Target target, int pool, Duration duration, List<Integer> clients, AtomicLong sequence) {
        System.out.printf("bench: gets: making a pool of %d subscriptions ...%n", pool);
        long started = System.nanoTime();
        List<String> ids;
        try (var api = new StackApi(target.baseUrl())) {
            ids = SubscriptionPool.create(api, target.testKey(), pool, sequence);
        }
        var made = Duration.ofNanos(System.nanoTime() - started);
        var rows = new ArrayList<Row>();
        var ramp = Phases.ramp(duration);
        try (var workload = new GetSubscriptionWorkload(URI.create(target.baseUrl()), target.testKey(), ids)) {
            for (var count : clients) {
                System.out.printf("bench: gets with %d clients ...%n", count);
                rows.add(Phases.measured(
                        NAME, target.probe(), () -> ClosedLoopLoad.run(workload, count, ramp, duration, sequence)));
            }
        }
        var notes = List.of(
                String.format(
                        Locale.ROOT,
                        "pool: %d subscriptions made through POST /v1/subscriptions in %.1f s, read in turn",
                        pool,
                        made.toNanos() / 1e9),
                "each closed loop: " + ramp.toSeconds() + " s ramp, then " + duration.toSeconds() + " s measured");
        return new Section(NAME, rows, notes);
    }
}
