package io.abk.billing.bench.scenario;

import io.abk.billing.bench.api.BenchMerchant;
import io.abk.billing.bench.api.StackApi;
import io.abk.billing.bench.events.EventTail;
import io.abk.billing.bench.events.Quiescence;
import io.abk.billing.bench.events.RenewalTally;
import io.abk.billing.bench.probe.UsageSampler;
import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.report.Section;
import io.abk.billing.bench.seed.SubscriptionSeeder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * N active monthly subscriptions of a merchant of the bench's own, renewed by one test-clock move: set up fast
 * ({@link SubscriptionSeeder}), then, once the command path is at rest, the merchant's clock is moved 32 days in
 * one {@code POST /v1/test_clock}, and the measured part runs from that request to the last renewal's
 * {@code invoice.paid} read from {@code billing.events}. Afterwards, once the path is at rest again, the topic is
 * read to its end and the renewals are checked exactly once: one {@code invoice.paid} per subscription, no more.
 */
public final class Renewals {

    public static final String NAME = "renewals";
    /** 32 days: past every first period's end (a calendar month is at most 31 days) and before any second one's. */
    static final long ADVANCE_SECONDS = TimeUnit.DAYS.toSeconds(32);
    /** The milestone: how long the first 100,000 renewals take. */
    static final int MILESTONE = 100_000;
    /** The rest of a run waits this long at most for the processors to come to rest. */
    private static final Duration QUIET_WAIT = Duration.ofMinutes(2);

    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

    private Renewals() {}

    /** Generous on a busy 2-core machine (set-up ran at 270/s on one): two minutes, and 10 ms a subscription. */
    static Duration deadlineFor(int count) {
        return Duration.ofMinutes(2).plusMillis(10L * count);
    }

    public static Section run(Target target, int count) {
        var adminToken = target.adminToken();
        if (adminToken == null) {
            throw new IllegalStateException(
                    "the renewals scenario needs the admin token to make a merchant of its own");
        }
        try (var api = new StackApi(target.baseUrl())) {
            var merchant = BenchMerchant.create(api, adminToken, NAME);
            var frozenAt = merchant.freezeClock(api);
            System.out.printf(
                    "bench: renewals: setting up %d active subscriptions (commands produced onto the command topic) ...%n",
                    count);
            var seeded = SubscriptionSeeder.seed(target.bootstrap(), merchant, frozenAt, count, deadlineFor(count));
            boolean quietBefore = Quiescence.await(target.bootstrap(), QUIET_WAIT);
            try (var tail = EventTail.fromNow(target.bootstrap())) {
                System.out.printf(
                        "bench: renewals: moving the test clock %d days ...%n",
                        TimeUnit.SECONDS.toDays(ADVANCE_SECONDS));
                var sampler = UsageSampler.start(target.probe());
                long moved = System.nanoTime();
                merchant.advanceClock(api, ADVANCE_SECONDS);
                var tally = new RenewalTally(merchant.id(), seeded.subscriptionIds(), moved, MILESTONE);
                long until = moved + deadlineFor(count).toNanos();
                long nextProgress = moved + PROGRESS_EVERY_NANOS;
                while (tally.renewed() < count && System.nanoTime() < until) {
                    tail.poll(Duration.ofMillis(200), tally::accept);
                    if (System.nanoTime() > nextProgress) {
                        System.out.printf("bench: renewals: %d of %d renewed%n", tally.renewed(), count);
                        nextProgress += PROGRESS_EVERY_NANOS;
                    }
                }
                long elapsed = tally.renewed() == count ? tally.lastNanos() : System.nanoTime() - moved;
                var usage = sampler.stop();
                // The exactly-once check: a renewal applied twice would publish its invoice.paid again, so read on
                // until the command path has nothing left to do and the topic has nothing left to read.
                boolean quietAfter = Quiescence.await(target.bootstrap(), QUIET_WAIT);
                var ends = tail.ends();
                while (!tail.hasReached(ends) && System.nanoTime() < until + QUIET_WAIT.toNanos()) {
                    tail.poll(Duration.ofMillis(200), tally::accept);
                }
                var result = Result.of(
                        "renewals (one test-clock move -> scheduler -> streams -> sandbox charge -> invoice.paid)",
                        count + " subscriptions, clock +32 days",
                        tally.sinceMoveMicros(),
                        (count - tally.renewed()) + tally.extra(),
                        Duration.ofNanos(Math.max(1, elapsed)));
                return new Section(
                        NAME,
                        List.of(new Row(NAME, result, usage)),
                        notes(count, seeded, quietBefore, quietAfter, tally, elapsed));
            }
        }
    }

    private static List<String> notes(
            int count,
            SubscriptionSeeder.Seeded seeded,
            boolean quietBefore,
            boolean quietAfter,
            RenewalTally tally,
            long elapsedNanos) {
        var notes = new ArrayList<String>();
        notes.add(String.format(
                Locale.ROOT,
                "set-up: %d active subscriptions (first invoice paid) of a merchant of the bench's own,"
                        + " CreateSubscription and ActivateSubscription produced onto billing.subscription-commands: %.1f s (%.0f/s)",
                count,
                seeded.took().toNanos() / 1e9,
                seeded.perSecond()));
        if (!quietBefore) {
            notes.add("the command path was still busy when the clock moved: the times below include its catch-up");
        }
        notes.add("measured: from one POST /v1/test_clock {advanceBySeconds: " + ADVANCE_SECONDS
                + "} to each renewal's invoice.paid"
                + " read from billing.events (read_committed); the percentiles are of those times");
        notes.add(String.format(
                Locale.ROOT,
                "first renewal after %s, %s renewal after %s, all %d after %s = %.0f renewals/s",
                seconds(tally.firstNanos()),
                String.format(Locale.ROOT, "%,d", MILESTONE) + "th",
                count >= MILESTONE ? seconds(tally.milestoneNanos()) : "n/a (fewer subscriptions)",
                count,
                tally.renewed() == count ? seconds(tally.lastNanos()) : "NOT REACHED (" + tally.renewed() + " renewed)",
                tally.renewed() / Math.max(elapsedNanos / 1e9, 1e-9)));
        notes.add(String.format(
                Locale.ROOT,
                "exactly once: %d invoice.paid (subscription_cycle) for %d subscriptions, %d renewed,"
                        + " %d extra (%d of unknown subscriptions), %d invoice.created: %s%s",
                tally.paidEvents(),
                count,
                tally.renewed(),
                tally.extra(),
                tally.strangers(),
                tally.createdEvents(),
                tally.exactlyOnce() ? "yes" : "NO",
                quietAfter ? "" : " (the command path was still busy when the check read the topic's end)"));
        return notes;
    }

    private static String seconds(long nanos) {
        return nanos < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }
}
