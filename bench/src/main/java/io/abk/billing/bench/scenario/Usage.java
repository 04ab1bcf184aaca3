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
 * summaries count them all (retries, one send in 20, counted once); then batches of 1,000 through
 * {@code POST /v1/meter_events/batch} for {@code duration}, measured as events accepted per second, and afterwards
 * counted too. The processor writes a subscription's summary about once a second, so the topic phase's time is
 * known to within about a second.
 */
public final class Usage {

    public static final String NAME = "usage";
    private static final String EVENT_NAME = "bench.api_calls";

    private Usage() {}

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

                System.out.printf("bench: usage: %d events onto billing.meter-events ...%n", events);
                var topicRow = Phases.measured(NAME, target.probe(), () -> {
                    long started = System.nanoTime();
                    var sent = load.produce(target.bootstrap(), events);
                    long produced = System.nanoTime();
                    long countedAt = awaitCounted(counted, events, started);
                    var window = Duration.ofNanos(countedAt - started);
                    notes.add(String.format(
                            Locale.ROOT,
                            "topic: %d events in %d sends (%d retries) produced in %.1f s; all counted once %.1f s after"
                                    + " the first send: %s",
                            sent.events(),
                            sent.sends(),
                            sent.sends() - sent.events(),
                            (produced - started) / 1e9,
                            window.toNanos() / 1e9,
                            counted.events() == events ? "yes" : "no, " + counted.events() + " counted"));
                    return new Result(
                            "events onto billing.meter-events, counted",
                            customers + " customers",
                            counted.events(),
                            0,
                            window,
                            counted.events() / (window.toNanos() / 1e9),
                            0,
                            0,
                            0,
                            0);
                });
                rows.add(topicRow);

                System.out.printf(
                        "bench: usage: batches of %d through POST /v1/meter_events/batch, %d clients, %d s ...%n",
                        MeterEventLoad.BATCH, clients, duration.toSeconds());
                var batchRow = Phases.measured(NAME, target.probe(), () -> {
                    var batched = load.batches(api, merchant.testKey(), clients, duration, events);
                    awaitCounted(counted, events + batched.accepted(), System.nanoTime());
                    notes.add(String.format(
                            Locale.ROOT,
                            "batch route: %d events accepted in %d batches, %d batches refused; then all counted: %s",
                            batched.accepted(),
                            batched.accepted() / MeterEventLoad.BATCH,
                            batched.failedBatches(),
                            counted.events() == events + batched.accepted()
                                    ? "yes"
                                    : "no, " + (counted.events() - events) + " counted"));
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
