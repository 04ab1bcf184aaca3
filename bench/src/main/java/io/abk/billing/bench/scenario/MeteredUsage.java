package io.abk.billing.bench.scenario;

import io.abk.billing.bench.api.BenchMerchant;
import io.abk.billing.bench.api.StackApi;
import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.report.Section;
import io.abk.billing.bench.seed.SubscriptionSeeder;
import io.abk.billing.bench.usage.MeterEventLoad;
import io.abk.billing.bench.usage.UsageTally;
import io.abk.billing.schemas.avro.SubscriptionItemPart;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Metered usage: {@code customers} active subscriptions of a merchant of the bench's own, each with a metered item of
 * one sum meter (set up through the command topic, {@link SubscriptionSeeder}); then {@code events} usage events
 * produced straight onto {@code billing.meter-events}, measured from the first send until the usage processor's
 * summaries count them all (retries, one send in 20, counted once), twice: a first run right after the set-up and a
 * second once the stack is warm; then batches of 1,000 through
 * {@code POST /v1/meter_events/batch} for {@code duration}, measured as events accepted per second, and afterwards
 * counted too. The processor writes a subscription's summary about once a second, so the topic phase's time is
 * known to within about a second.
 */
public final class MeteredUsage {

    public static final String NAME = "usage";
    private static final String EVENT_NAME = "bench.api_calls";

    private MeteredUsage() {}

    /** Generous on a busy 2-core machine: two minutes, and a millisecond for every 20 events. */
    static Duration deadlineFor(long events) {
        return Duration.ofMinutes(2).plusMillis(events / 20);
    }

    public static Section run(Target target, int events, int customers, Duration duration, int clients) {
        var adminToken = target.adminToken();
        if (adminToken == null) {
            throw new IllegalStateException("the usage scenario needs the admin token to make a merchant of its own");
        }
        var rows = new ArrayList<Row>();
        var notes = new ArrayList<String>();
        try (var api = new StackApi(target.baseUrl())) {
            var merchant = BenchMerchant.create(api, adminToken, NAME);
            var meterId = api.post(
                            "/v1/meters",
                            merchant.testKey(),
                            Map.of("eventName", EVENT_NAME, "aggregation", "sum", "displayName", "API calls"))
                    .expect(201)
                    .path("id")
                    .asString();
            System.out.printf("bench: usage: setting up %d subscriptions with a metered item ...%n", customers);
            SubscriptionSeeder.seed(
                    target.bootstrap(),
                    merchant,
                    Instant.now(),
                    customers,
                    deadlineFor(customers * 100L),
                    create -> create.setItems(List.of(metered(meterId)))
                            .setAmountMicros(0)
                            .setMaxAmountPerPeriodMicros(1_000_000_000_000L));
            try (var counted = new UsageTally(target.bootstrap(), merchant.id())) {
                awaitTracked(counted, customers);
                var load = new MeterEventLoad(merchant.id(), EVENT_NAME, SubscriptionSeeder::walletOf, customers);

                rows.add(topicRow(target, load, counted, customers, 0, events, "first run", notes));
                rows.add(topicRow(target, load, counted, customers, events, events, "second run", notes));
                long topicEvents = 2L * events;

                System.out.printf(
                        "bench: usage: batches of %d through POST /v1/meter_events/batch, %d clients, %d s ...%n",
                        MeterEventLoad.BATCH, clients, duration.toSeconds());
                var batchRow = Phases.measured(NAME, target.probe(), () -> {
                    var batched = load.batches(api, merchant.testKey(), clients, duration, topicEvents);
                    awaitCounted(counted, topicEvents + batched.accepted(), System.nanoTime());
                    notes.add(String.format(
                            Locale.ROOT,
                            "batch route: %d events accepted in %d batches, %d batches refused; then all counted: %s",
                            batched.accepted(),
                            batched.accepted() / MeterEventLoad.BATCH,
                            batched.failedBatches(),
                            counted.events() == topicEvents + batched.accepted()
                                    ? "yes"
                                    : "no, " + (counted.events() - topicEvents) + " counted"));
                    return batchResult(batched, clients);
                });
                rows.add(batchRow);
            }
        }
        notes.add("each event is worth 1 of a sum meter; the topic row's latencies are not measured (0), its time runs"
                + " from the first send to the summary that counted the last event; the batch row's latencies are each"
                + " batch's round trip (202 once Kafka has the events)");
        return new Section(NAME, rows, notes);
    }

    /**
     * Produces {@code events} events onto the topic, identifiers from {@code first} on, and measures them from the
     * first send to the summary that counts the last. The scenario runs this twice: the first run starts right after
     * the set-up, while the JIT still compiles the path (a C2 compiler thread took about a fifth of the machine's CPU
     * in it); the second measures the stack as it runs once warm.
     */
    private static Row topicRow(
            Target target,
            MeterEventLoad load,
            UsageTally counted,
            int customers,
            long first,
            int events,
            String run,
            List<String> notes) {
        System.out.printf("bench: usage: %d events onto billing.meter-events (%s) ...%n", events, run);
        return Phases.measured(NAME, target.probe(), () -> {
            long countedBefore = counted.events();
            long started = System.nanoTime();
            var sent = load.produce(target.bootstrap(), first, events);
            long produced = System.nanoTime();
            long countedAt = awaitCounted(counted, countedBefore + events, started);
            var window = Duration.ofNanos(countedAt - started);
            long countedNow = counted.events() - countedBefore;
            notes.add(String.format(
                    Locale.ROOT,
                    "topic, %s: %d events in %d sends (%d retries) produced in %.1f s; all counted once %.1f s after"
                            + " the first send: %s",
                    run,
                    sent.events(),
                    sent.sends(),
                    sent.sends() - sent.events(),
                    (produced - started) / 1e9,
                    window.toNanos() / 1e9,
                    countedNow == events ? "yes" : "no, " + countedNow + " counted"));
            return new Result(
                    "events onto billing.meter-events, counted (" + run + ")",
                    customers + " customers",
                    countedNow,
                    0,
                    window,
                    countedNow / (window.toNanos() / 1e9),
                    0,
                    0,
                    0,
                    0);
        });
    }

    private static SubscriptionItemPart metered(String meterId) {
        return SubscriptionItemPart.newBuilder()
                .setItemId(Ids.newId(IdPrefix.SUBSCRIPTION_ITEM, Instant.now()))
                .setUsageType("metered")
                .setQuantity(1)
                .setUnitAmountMicros(1_000)
                .setMeterId(meterId)
                .setEventName(EVENT_NAME)
                .setAggregation("sum")
                .setDescription("API calls")
                .build();
    }

    private static void awaitTracked(UsageTally tally, int customers) {
        long until = System.nanoTime() + deadlineFor(customers * 100L).toNanos();
        while (tally.subscriptions() < customers) {
            if (System.nanoTime() > until) {
                throw new IllegalStateException("set-up: the usage processor tracks " + tally.subscriptions() + " of "
                        + customers + " subscriptions");
            }
            tally.poll(Duration.ofMillis(200));
        }
    }

    /** Polls until {@code events} are counted or the deadline; returns when the last of them was seen counted. */
    private static long awaitCounted(UsageTally tally, long events, long since) {
        long until = since + deadlineFor(events).toNanos();
        long nextProgress = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (tally.events() < events && System.nanoTime() < until) {
            tally.poll(Duration.ofMillis(100));
            if (System.nanoTime() > nextProgress) {
                System.out.printf("bench: usage: %d of %d events counted%n", tally.events(), events);
                nextProgress += Duration.ofSeconds(10).toNanos();
            }
        }
        return System.nanoTime();
    }

    private static Result batchResult(MeterEventLoad.Batched batched, int clients) {
        Histogram latencies = batched.latenciesMicros();
        double seconds = batched.took().toNanos() / 1e9;
        return new Result(
                "POST /v1/meter_events/batch (" + MeterEventLoad.BATCH + " events)",
                clients + " clients",
                batched.accepted(),
                batched.failedBatches() * MeterEventLoad.BATCH,
                batched.took(),
                batched.accepted() / seconds,
                latencies.getValueAtPercentile(50) / 1000.0,
                latencies.getValueAtPercentile(95) / 1000.0,
                latencies.getValueAtPercentile(99) / 1000.0,
                latencies.getMaxValue() / 1000.0);
    }
}
