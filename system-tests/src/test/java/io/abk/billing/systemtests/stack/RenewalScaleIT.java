package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.scheduler.RenewalSchedulerSettings;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The scale check of renewals: on every partition more test subscriptions of one merchant than the scheduler fires in
 * one tick (720 with the system tests' {@code BILLING_SCHEDULER_FIRES_PER_TICK} of 200, set in this module's pom),
 * advanced one month by a single test clock move, are each renewed exactly once (counted on {@code billing.events}).
 * The count can be changed with {@code -Dbilling.scale.subscriptions=N}; the time it takes is printed. It keeps the
 * stack busy, so it runs alone ({@code @Isolated}), first of the classes that do, while the shared stack still runs
 * ({@link #ORDER}).
 */
@ExtendWith(SharedStack.class)
@Order(RenewalScaleIT.ORDER)
@Isolated
class RenewalScaleIT {

    /** Before the other classes that run alone, which close the shared stack first. */
    static final int ORDER = ProcessStack.ORDER - 1;

    /**
     * Enough that every partition holds more renewals than one punctuation of the scheduler fires (its
     * {@code firesPerTick}, which the stack's in-process scheduler reads from the same environment): a fifth more
     * each (the due items are partitioned by subscription id), so each partition's renewals span punctuations that
     * commit apart, which is what the scale adds to the renewal tests. At the production default of 2,000 a tick
     * that took 7,200 subscriptions and most of a minute of CI; the rule is the same at 200.
     */
    private static final int SUBSCRIPTIONS = Integer.getInteger(
            "billing.scale.subscriptions",
            RenewalSchedulerSettings.fromEnv(System.getenv()).firesPerTick() * SharedStack.PARTITIONS * 6 / 5);
    /** Requests in flight at once while setting up: enough to keep the stack busy, few enough not to time out. */
    private static final int IN_FLIGHT = 48;

    private static Api api;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
    }

    @Test
    void shouldRenewEveryOneOfThousandsOfSubscriptionsExactlyOnceWhenTheClockMovesAMonth() {
        // given N active monthly subscriptions of one merchant, created and activated at a frozen Jan 15
        var merchant = api.newMerchant("renew-scale");
        var key = merchant.testKey();
        Clocks.freeze(api, key, Instant.parse("2027-01-15T00:00:00Z"));
        var setupStarted = System.nanoTime();
        var ids = createAndActivate(key);
        var setup = Duration.ofNanos(System.nanoTime() - setupStarted);
        assertThat(ids).hasSize(SUBSCRIPTIONS);

        // when the clock moves one month and a day, once
        var started = System.nanoTime();
        Clocks.advance(api, key, 32 * 86_400L);

        // then every subscription got exactly one renewal invoice, and each was paid once
        var paid = awaitCycleEvents(merchant.id(), "invoice.paid");
        var took = Duration.ofNanos(System.nanoTime() - started);
        var created = cycleEvents(merchant.id(), "invoice.created");
        assertThat(created).hasSize(SUBSCRIPTIONS);
        assertThat(paid).hasSize(SUBSCRIPTIONS);
        assertThat(subscriptionsOf(created)).isEqualTo(new HashSet<>(ids));
        assertThat(subscriptionsOf(paid)).isEqualTo(new HashSet<>(ids));
        assertThat(paid)
                .allSatisfy(
                        event -> assertThat(event.getData().getSubscription().getCurrentPeriodStart())
                                .isEqualTo(Instant.parse("2027-02-15T00:00:00Z")));
        System.out.printf(
                "renewal scale: %d subscriptions set up in %d ms; one month renewed in %d ms (%.0f renewals/s)%n",
                SUBSCRIPTIONS,
                setup.toMillis(),
                took.toMillis(),
                SUBSCRIPTIONS * 1000.0 / Math.max(1, took.toMillis()));
    }

    private static List<String> createAndActivate(String key) {
        var permits = new Semaphore(IN_FLIGHT);
        var all = new ArrayList<CompletableFuture<String>>();
        for (int i = 0; i < SUBSCRIPTIONS; i++) {
            permits.acquireUninterruptibly();
            var body = Subscriptions.adHoc("scale-" + i, new BigDecimal("1"), "month");
            var one = api.post(Subscriptions.PATH)
                    .key(key)
                    .json(body)
                    .sendAsync()
                    .thenCompose(created -> {
                        var id = created.expect(201)
                                .json()
                                .at("/subscription/id")
                                .asString();
                        return api.post(Subscriptions.PATH + "/" + id + "/activate")
                                .key(key)
                                .json(Map.of())
                                .sendAsync()
                                .thenApply(activated -> {
                                    assertThat(activated
                                                    .expect(200)
                                                    .json()
                                                    .at("/subscription/status")
                                                    .asString())
                                            .isEqualTo("active");
                                    return id;
                                });
                    })
                    .whenComplete((id, failure) -> permits.release());
            all.add(one);
        }
        return all.stream().map(CompletableFuture::join).toList();
    }

    private static List<BillingEvent> awaitCycleEvents(String merchantId, String type) {
        var found = new ArrayList<BillingEvent>();
        Awaitility.await()
                .atMost(Duration.ofMinutes(5))
                .pollInterval(Duration.ofSeconds(2))
                .until(() -> {
                    found.clear();
                    found.addAll(cycleEvents(merchantId, type));
                    return found.size() >= SUBSCRIPTIONS;
                });
        return found;
    }

    private static List<BillingEvent> cycleEvents(String merchantId, String type) {
        return api.topics()
                .values(
                        Topics.EVENTS,
                        event -> event.getMerchantId().equals(merchantId)
                                && event.getType().equals(type)
                                && event.getData().getInvoice() != null
                                && event.getData()
                                        .getInvoice()
                                        .getBillingReason()
                                        .equals("subscription_cycle"));
    }

    private static HashSet<String> subscriptionsOf(List<BillingEvent> events) {
        var ids = new HashSet<String>();
        events.forEach(event -> ids.add(event.getAggregateId()));
        return ids;
    }
}
