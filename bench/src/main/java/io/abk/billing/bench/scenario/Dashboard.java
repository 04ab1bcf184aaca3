package io.abk.billing.bench.scenario;

import io.abk.billing.bench.api.BenchMerchant;
import io.abk.billing.bench.api.DashboardBrowser;
import io.abk.billing.bench.api.StackApi;
import io.abk.billing.bench.events.Quiescence;
import io.abk.billing.bench.events.ReadModelLag;
import io.abk.billing.bench.load.ClosedLoopLoad;
import io.abk.billing.bench.probe.UsageSampler;
import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.report.Section;
import io.abk.billing.bench.seed.SubscriptionSeeder;
import io.abk.billing.bench.workload.DashboardPageWorkload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * The merchant dashboard at N subscriptions in one merchant's test mode: set up fast (nine in ten active with their
 * first invoice paid, one in ten only created, {@link SubscriptionSeeder}: the real command path and projection, not
 * the API's per-key rate), then, signed in as the merchant's owner through the sign-in form, the first load of the
 * home page with its scripts and styles, closed loops on each page a member reads most, and the CSV export of every
 * row streamed to its end.
 */
public final class Dashboard {

    public static final String NAME = "dashboard";
    /** The bar for a list page at 100,000 subscriptions. */
    static final double LIST_P95_BAR_MILLIS = 300;
    /** How many "Older" links the deep page is from the first. */
    static final int DEEP_PAGES = 20;
    /** The exports streamed one after the other. */
    static final int EXPORTS = 2;
    /** Rows a list page shows (api-gateway's {@code ListPage.PAGE_SIZE}). */
    private static final int PAGE_SIZE = 25;
    /** The subscriptions whose pages (and searches) the loops cycle through. */
    private static final int SAMPLED = 1_000;

    private static final Duration SETTLE_WAIT = Duration.ofMinutes(5);
    private static final Pattern ACTIVE_FIGURE = Pattern.compile("data-figure=\"active\">([0-9,]+)<");

    private Dashboard() {}

    /** One measured page: its row's name, its paths (cycled), the status it answers, and whether it is a list. */
    private record Measured(String name, List<String> paths, int status, boolean list) {}

    public static Section run(Target target, int rows, Duration duration, int clients, AtomicLong sequence) {
        var adminToken = target.adminToken();
        if (adminToken == null) {
            throw new IllegalStateException(
                    "the dashboard scenario needs the admin token to make a merchant of its own");
        }
        var notes = new ArrayList<String>();
        try (var api = new StackApi(target.baseUrl())) {
            var merchant = BenchMerchant.create(api, adminToken, NAME);
            var ids = seed(target, api, merchant, rows, notes);
            try (var browser = DashboardBrowser.signIn(api, adminToken, merchant.id())) {
                var result = new ArrayList<Row>();
                result.add(firstLoad(target, browser, notes));
                var shownActive = activeFigure(browser.page("/dashboard/home"));
                int active = rows - rows / 10;
                notes.add(String.format(
                        Locale.ROOT,
                        "the home page shows %,d active subscriptions, as seeded: %s",
                        shownActive,
                        shownActive == active ? "yes" : "NO (" + active + " seeded)"));
                var sample = ids.subList(0, Math.min(SAMPLED, ids.size()));
                var ramp = Phases.ramp(duration);
                for (var page : pages(browser, sample, notes)) {
                    System.out.printf("bench: dashboard: %s ...%n", page.name());
                    try (var workload = new DashboardPageWorkload(
                            page.name(), browser.base(), browser.cookie(), page.paths(), page.status())) {
                        var row = Phases.measured(
                                NAME,
                                target.probe(),
                                () -> ClosedLoopLoad.run(workload, clients, ramp, duration, sequence));
                        result.add(row);
                        if (page.list()) {
                            notes.add(String.format(
                                    Locale.ROOT,
                                    "%s: p95 %.1f ms, under %.0f ms: %s",
                                    page.name(),
                                    row.result().p95Millis(),
                                    LIST_P95_BAR_MILLIS,
                                    row.result().p95Millis() < LIST_P95_BAR_MILLIS ? "yes" : "NO"));
                        }
                    }
                }
                result.add(exports(target, browser, rows, notes));
                notes.add("each closed loop: " + clients + " clients (each its own keep-alive connection and the"
                        + " one member's session), " + ramp.toSeconds() + " s ramp, then " + duration.toSeconds()
                        + " s measured");
                return new Section(NAME, result, notes);
            }
        }
    }

    /**
     * {@code rows} subscriptions of the merchant's test mode, nine in ten active, the rest only created; returns once
     * the read model has all of them (the command path at rest and the projector's backlog empty), ids newest first.
     */
    private static List<String> seed(
            Target target, StackApi api, BenchMerchant merchant, int rows, List<String> notes) {
        int created = rows / 10;
        int active = rows - created;
        System.out.printf(
                "bench: dashboard: setting up %d active and %d incomplete subscriptions (commands produced onto the"
                        + " command topic) ...%n",
                active, created);
        long started = System.nanoTime();
        var frozenAt = merchant.freezeClock(api);
        var seeded =
                SubscriptionSeeder.seed(target.bootstrap(), merchant, frozenAt, active, Renewals.deadlineFor(active));
        var incomplete = SubscriptionSeeder.produceCreates(target.bootstrap(), merchant, frozenAt, created);
        boolean quiet = Quiescence.await(target.bootstrap(), SETTLE_WAIT);
        long until = System.nanoTime() + SETTLE_WAIT.toNanos();
        long behind;
        // A partition written in transactions ends in a commit marker the projector steps over only with its next
        // fetch, so one change a partition is caught up (as in Quiescence).
        while ((behind = ReadModelLag.changesBehind(
                                target.bootstrap(), target.jdbcUrl(), target.dbUser(), target.dbPassword()))
                        > target.partitions()
                && System.nanoTime() < until) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        notes.add(String.format(
                Locale.ROOT,
                "set-up (not measured as load): %,d subscriptions of a merchant of the bench's own in its test mode,"
                        + " %,d active (CreateSubscription and ActivateSubscription, the first invoice paid) and %,d"
                        + " incomplete (CreateSubscription only), produced onto billing.subscription-commands and"
                        + " projected into the read model: %.1f s (%.0f/s)%s%s",
                rows,
                active,
                created,
                seconds,
                rows / Math.max(seconds, 1e-9),
                quiet ? "" : "; the command path was still busy after " + SETTLE_WAIT.toMinutes() + " min",
                behind <= target.partitions() ? "" : "; the projector was still " + behind + " changes behind"));
        var ids = new ArrayList<String>(seeded.subscriptionIds());
        ids.addAll(incomplete);
        // Ids sort by their making: newest first, as the list shows them.
        ids.sort(Comparator.reverseOrder());
        return ids;
    }

    /** The home page's HTML on a new connection, then its scripts and styles, nothing cached, once. */
    private static Row firstLoad(Target target, DashboardBrowser browser, List<String> notes) {
        var sampler = UsageSampler.start(target.probe());
        try {
            var load = browser.firstLoad("/dashboard/home");
            var latency = new Histogram(TimeUnit.MINUTES.toMicros(2), 3);
            latency.recordValue(Math.max(1, load.total().toNanos() / 1000));
            notes.add(String.format(
                    Locale.ROOT,
                    "first load of /dashboard/home (a new connection, nothing cached): the HTML in %.0f ms, with its %d"
                            + " scripts and styles (fetched at once after it) %.0f ms, %,d bytes in all",
                    load.html().toNanos() / 1e6,
                    load.assets(),
                    load.total().toNanos() / 1e6,
                    load.bytes()));
            var result = Result.of(
                    "first load: GET /dashboard/home + its scripts and styles", "once, cold", latency, 0, load.total());
            return new Row(NAME, result, sampler.stop());
        } finally {
            sampler.close();
        }
    }

    /** The pages measured, in order; the deep page is found by following the "Older" links from the first. */
    private static List<Measured> pages(DashboardBrowser browser, List<String> sample, List<String> notes) {
        var list = "/dashboard/subscriptions";
        String deep = list;
        int depth = 0;
        for (String older; depth < DEEP_PAGES && (older = DashboardBrowser.olderHref(browser.page(deep))) != null; ) {
            deep = older;
            depth++;
        }
        notes.add("deep page: " + depth + " \"Older\" links from the first (" + (depth * PAGE_SIZE) + " rows in)");
        return List.of(
                new Measured("GET /dashboard/subscriptions (first page)", List.of(list), 200, true),
                new Measured("GET /dashboard/subscriptions (" + depth + " pages in)", List.of(deep), 200, true),
                new Measured("GET /dashboard/subscriptions?status=active", List.of(list + "?status=active"), 200, true),
                new Measured(
                        "GET /dashboard/subscriptions?q={id} (search by id: 303 to it)",
                        sample.stream().map(id -> list + "?q=" + id).toList(),
                        303,
                        true),
                new Measured("GET /dashboard/home", List.of("/dashboard/home"), 200, false),
                new Measured(
                        "GET /dashboard/subscriptions/{id}",
                        sample.stream().map(id -> list + "/" + id).toList(),
                        200,
                        false));
    }

    /** The export of every row, streamed to its end {@link #EXPORTS} times one after the other. */
    private static Row exports(Target target, DashboardBrowser browser, int rows, List<String> notes) {
        System.out.println("bench: dashboard: exports ...");
        var latency = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);
        var sampler = UsageSampler.start(target.probe());
        try {
            long started = System.nanoTime();
            long failed = 0;
            for (int i = 0; i < EXPORTS; i++) {
                long begun = System.nanoTime();
                var export = browser.export("/dashboard/subscriptions/export.csv");
                long took = System.nanoTime() - begun;
                boolean complete = export.rows() == rows;
                if (complete) {
                    latency.recordValue(Math.max(1, took / 1000));
                } else {
                    failed++;
                }
                notes.add(String.format(
                        Locale.ROOT,
                        "export %d: %,d rows (%s), %,d bytes streamed in %.2f s: %,.0f rows/s",
                        i + 1,
                        export.rows(),
                        complete ? "every row" : "NOT the " + rows + " seeded",
                        export.bytes(),
                        took / 1e9,
                        export.rows() / Math.max(took / 1e9, 1e-9)));
            }
            var result = Result.of(
                    "GET /dashboard/subscriptions/export.csv (every row, streamed)",
                    "one at a time, " + EXPORTS + " exports",
                    latency,
                    failed,
                    Duration.ofNanos(System.nanoTime() - started));
            return new Row(NAME, result, sampler.stop());
        } finally {
            sampler.close();
        }
    }

    private static long activeFigure(String home) {
        var matcher = ACTIVE_FIGURE.matcher(home);
        if (!matcher.find()) {
            throw new IllegalStateException("the home page shows no active subscriptions figure");
        }
        return Long.parseLong(matcher.group(1).replace(",", ""));
    }
}
