package io.abk.billing.bench.scenario;

import io.abk.billing.bench.api.BenchMerchant;
import io.abk.billing.bench.api.StackApi;
import io.abk.billing.bench.events.EventTail;
import io.abk.billing.bench.events.Quiescence;
import io.abk.billing.bench.events.RenewalTally;
import io.abk.billing.bench.probe.Usage;
import io.abk.billing.bench.probe.UsageSampler;
import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.report.Section;
import io.abk.billing.bench.seed.SubscriptionSeeder;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * N active monthly subscriptions of a merchant of the bench's own, renewed on their renewal day: set up fast
 * ({@link SubscriptionSeeder}), then, once the command path is at rest, the merchant's clock moves twice.
 * <ol>
 *   <li>To an hour before the first periods end: each subscription's funding check falls due (a lead time before its
 *       renewal, three days by default), as it would in the days before a real renewal day. Measured on its own row,
 *       from the request to each subscription's {@code invoice.upcoming}.</li>
 *   <li>The renewal day: one {@code POST /v1/test_clock} to 32 days after the start, past every first period's end.
 *       Measured from that request to the last renewal's {@code invoice.paid} read from {@code billing.events}.</li>
 * </ol>
 * After each move, once the path is at rest again, the topic is read to its end and the phase is checked exactly once:
 * one counted event per subscription, no more.
 */
public final class Renewals {

    public static final String NAME = "renewals";
    /** 32 days: past every first period's end (a calendar month is at most 31 days) and before any second one's. */
    static final long ADVANCE_SECONDS = TimeUnit.DAYS.toSeconds(32);
    /** How long before the first periods end the first move stops: every funding check is due, no renewal yet. */
    static final Duration BEFORE_PERIOD_END = Duration.ofHours(1);
    /** The milestone: how long the first 100,000 renewals take. */
    static final int MILESTONE = 100_000;
    /** The rest of a run waits this long at most for the processors to come to rest. */
    private static final Duration QUIET_WAIT = Duration.ofMinutes(2);

    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** A phase in which nothing was counted this long, with the command path at rest, has nothing coming. */
    private static final Duration NOTHING_CAME = Duration.ofSeconds(30);

    private Renewals() {}

    /** Generous on a busy 2-core machine (set-up ran at 270/s on one): two minutes, and 10 ms a subscription. */
    static Duration deadlineFor(int count) {
        return Duration.ofMinutes(2).plusMillis(10L * count);
    }

    /**
     * The seconds from {@code start} to an hour before a monthly period begun then ends (periods are calendar months
     * in UTC).
     */
    static long secondsToBeforePeriodEnd(Instant start) {
        var periodEnd = start.atZone(ZoneOffset.UTC).plusMonths(1).toInstant();
        return Duration.between(start, periodEnd).minus(BEFORE_PERIOD_END).toSeconds();
    }

    /** One clock move and what it was measured to do. */
    private record Phase(
            RenewalTally tally, Result result, Usage usage, long elapsedNanos, boolean quietAfter, long advanced) {}

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
            long toFunding = secondsToBeforePeriodEnd(frozenAt);
            var funding = phase(
                    target,
                    api,
                    merchant,
                    count,
                    toFunding,
                    "funding checks",
                    moved -> RenewalTally.fundingChecks(merchant.id(), seeded.subscriptionIds(), moved, MILESTONE),
                    "funding checks before the renewals (test-clock move -> scheduler -> streams -> sandbox"
                            + " funding check -> invoice.upcoming)");
            var renewals = phase(
                    target,
                    api,
                    merchant,
                    count,
                    ADVANCE_SECONDS - toFunding,
                    "renewed",
                    moved -> new RenewalTally(merchant.id(), seeded.subscriptionIds(), moved, MILESTONE),
                    "renewals (one test-clock move -> scheduler -> streams -> sandbox charge -> invoice.paid)");
            return new Section(
                    NAME,
                    List.of(
                            new Row(NAME, funding.result(), funding.usage()),
                            new Row(NAME, renewals.result(), renewals.usage())),
                    notes(count, seeded, quietBefore, funding, renewals));
        }
    }

    /**
     * Moves the clock {@code seconds} and reads {@code billing.events} until the tally has every subscription (or the
     * deadline passed), then, at rest, on to the topic's end for the exactly-once check.
     */
    private static Phase phase(
            Target target,
            StackApi api,
            BenchMerchant merchant,
            int count,
            long seconds,
            String done,
            LongFunction<RenewalTally> tallyFrom,
            String workload) {
        try (var tail = EventTail.fromNow(target.bootstrap())) {
            System.out.printf(
                    Locale.ROOT,
                    "bench: renewals: moving the test clock %.2f days (%s) ...%n",
                    seconds / 86_400.0,
                    workload.substring(0, workload.indexOf(" (")));
            var sampler = UsageSampler.start(target.probe());
            long moved = System.nanoTime();
            merchant.advanceClock(api, seconds);
            var tally = tallyFrom.apply(moved);
            long until = moved + deadlineFor(count).toNanos();
            long nextProgress = moved + PROGRESS_EVERY_NANOS;
            while (tally.renewed() < count && System.nanoTime() < until) {
                tail.poll(Duration.ofMillis(200), tally::accept);
                if (System.nanoTime() > nextProgress) {
                    System.out.printf("bench: renewals: %d of %d %s%n", tally.renewed(), count, done);
                    nextProgress += PROGRESS_EVERY_NANOS;
                    // A stack that checks no funding (BILLING_FUNDING_CHECK_LEAD=PT0S) answers nothing: stop once
                    // nothing came and nothing moves, rather than at the deadline.
                    if (tally.renewed() == 0
                            && System.nanoTime() - moved > NOTHING_CAME.toNanos()
                            && Quiescence.await(target.bootstrap(), Duration.ofSeconds(5))) {
                        System.out.printf("bench: renewals: nothing %s and the command path at rest%n", done);
                        break;
                    }
                }
            }
            long elapsed = tally.renewed() == count ? tally.lastNanos() : System.nanoTime() - moved;
            var usage = sampler.stop();
            // The exactly-once check: a command applied twice would publish its event again, so read on until the
            // command path has nothing left to do and the topic has nothing left to read.
            boolean quietAfter = Quiescence.await(target.bootstrap(), QUIET_WAIT);
            var ends = tail.ends();
            while (!tail.hasReached(ends) && System.nanoTime() < until + QUIET_WAIT.toNanos()) {
                tail.poll(Duration.ofMillis(200), tally::accept);
            }
            var result = Result.of(
                    workload,
                    String.format(Locale.ROOT, "%d subscriptions, clock +%.2f days", count, seconds / 86_400.0),
                    tally.sinceMoveMicros(),
                    (count - tally.renewed()) + tally.extra(),
                    Duration.ofNanos(Math.max(1, elapsed)));
            return new Phase(tally, result, usage, elapsed, quietAfter, seconds);
        }
    }

    private static List<String> notes(
            int count, SubscriptionSeeder.Seeded seeded, boolean quietBefore, Phase funding, Phase renewals) {
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
        var fundingTally = funding.tally();
        notes.add(String.format(
                Locale.ROOT,
                "funding checks: one POST /v1/test_clock {advanceBySeconds: %d} to an hour before the first periods end;"
                        + " all %d invoice.upcoming after %s = %.0f checks/s; exactly once: %d invoice.upcoming for %d"
                        + " subscriptions, %d extra: %s%s",
                funding.advanced(),
                count,
                fundingTally.renewed() == count
                        ? seconds(fundingTally.lastNanos())
                        : "NOT REACHED (" + fundingTally.renewed() + " checked)",
                fundingTally.renewed() / Math.max(funding.elapsedNanos() / 1e9, 1e-9),
                fundingTally.paidEvents(),
                count,
                fundingTally.extra(),
                fundingTally.exactlyOnce() ? "yes" : "NO",
                funding.quietAfter() ? "" : " (the command path was still busy when the check read the topic's end)"));
        var tally = renewals.tally();
        notes.add("measured: from the renewal day's POST /v1/test_clock {advanceBySeconds: " + renewals.advanced()
                + "} (32 days after the start in all) to each renewal's invoice.paid"
                + " read from billing.events (read_committed); the percentiles are of those times");
        notes.add(String.format(
                Locale.ROOT,
                "first renewal after %s, %s renewal after %s, all %d after %s = %.0f renewals/s",
                seconds(tally.firstNanos()),
                String.format(Locale.ROOT, "%,d", MILESTONE) + "th",
                count >= MILESTONE ? seconds(tally.milestoneNanos()) : "n/a (fewer subscriptions)",
                count,
                tally.renewed() == count ? seconds(tally.lastNanos()) : "NOT REACHED (" + tally.renewed() + " renewed)",
                tally.renewed() / Math.max(renewals.elapsedNanos() / 1e9, 1e-9)));
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
                renewals.quietAfter() ? "" : " (the command path was still busy when the check read the topic's end)"));
        return notes;
    }

    private static String seconds(long nanos) {
        return nanos < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }
}
