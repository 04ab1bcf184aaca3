package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Usage events posted over every live gateway while replicas die, as a merchant's servers would send them: the
 * merchant of {@code key} gets {@value #CUSTOMERS} metered subscriptions ({@link MeteredPlan}), whose customers spread
 * over the usage processor's partitions; then a paced closed loop of {@code POST /v1/meter_events/batch}, each batch
 * {@value #BATCH} events worth 1 for one of the subscriptions in turn, identifiers new to the batch. A batch without a
 * final answer (the connection broke, a 503) is sent again, the same identifiers, to the next gateway until one answers
 * 202 ({@link LiveGateways}): the usage processor counts an identifier once, so a batch the broker had already taken
 * counts once all the same. What each subscription must read afterwards is its plan's {@link MeteredPlan#CALLS} and
 * every event accepted for it ({@link #awaitCountedOnce}).
 */
final class ScaleOutUsage implements AutoCloseable {

    static final int BATCH = 50;
    static final int CUSTOMERS = 6;

    /** Between accepted batches: a few hundred events a second, beside the scale-out's own load. */
    private static final Duration PACE = Duration.ofMillis(100);

    private final LiveGateways gateways;
    private final String key;
    private final List<MeteredPlan> plans;
    private final Map<String, AtomicLong> accepted = new ConcurrentHashMap<>();
    private final List<Instant> acceptedAt = new ArrayList<>();
    private final Thread worker;
    private volatile boolean running = true;
    private volatile @Nullable RuntimeException failure;

    /** Makes the metered subscriptions through {@code api} and starts posting their usage over {@code gateways}. */
    ScaleOutUsage(Api api, Supplier<List<String>> gateways, String key) {
        this.gateways = new LiveGateways(gateways);
        this.key = key;
        var made = new ArrayList<MeteredPlan>();
        for (int i = 0; i < CUSTOMERS; i++) {
            made.add(MeteredPlan.make(api, key));
        }
        this.plans = List.copyOf(made);
        plans.forEach(plan -> accepted.put(plan.subscriptionId(), new AtomicLong()));
        this.worker = Thread.ofPlatform().name("scale-out-usage").start(this::work);
    }

    /** Batches accepted at or after {@code since}. */
    long batchesAcceptedSince(Instant since) {
        synchronized (acceptedAt) {
            return acceptedAt.stream().filter(at -> !at.isBefore(since)).count();
        }
    }

    /**
     * Awaits each metered subscription reading, through {@code api}, its plan's calls and every event accepted for it:
     * none lost, none twice.
     */
    void awaitCountedOnce(Api api, Duration limit) {
        System.out.printf(
                "scale-out: usage events accepted per metered subscription: %s%n",
                plans.stream()
                        .map(plan -> accepted.get(plan.subscriptionId()).get())
                        .toList());
        for (var plan : plans) {
            long expected =
                    MeteredPlan.CALLS + accepted.get(plan.subscriptionId()).get();
            await().atMost(limit)
                    .pollInterval(Duration.ofSeconds(1))
                    .untilAsserted(() -> assertThat(MeteredPlan.usage(api, key, plan.subscriptionId()))
                            .as("usage of " + plan.subscriptionId())
                            .isEqualTo(expected));
        }
    }

    private void work() {
        try {
            postBatches();
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    private void postBatches() {
        for (int batch = 0; running; batch++) {
            var plan = plans.get(batch % plans.size());
            var events = new ArrayList<Map<String, Object>>(BATCH);
            for (int i = 0; i < BATCH; i++) {
                events.add(Map.of(
                        "eventName",
                        plan.eventName(),
                        "customerWallet",
                        plan.wallet(),
                        "value",
                        1,
                        "identifier",
                        "so-" + batch + "-" + i));
            }
            var body = Map.of("events", events);
            var reply = gateways.send(
                    batch,
                    gateway -> new Call(gateway, "POST", "/v1/meter_events/batch")
                            .key(key)
                            .json(body),
                    answer -> answer.status() == 503,
                    true);
            if (reply.isEmpty()) {
                // Whether the broker took it is unknown, so no total could be checked exactly.
                throw new IllegalStateException(
                        "no gateway accepted usage batch " + batch + " in " + LiveGateways.GIVE_UP_AFTER);
            }
            if (reply.get().status() != 202) {
                throw new IllegalStateException("a usage batch answered "
                        + reply.get().status() + ": " + reply.get().body());
            }
            accepted.get(plan.subscriptionId()).addAndGet(BATCH);
            synchronized (acceptedAt) {
                acceptedAt.add(Instant.now());
            }
            LockSupport.parkNanos(PACE.toNanos());
        }
    }

    /** Stops after the batch in flight has its answer; throws what stopped the loop early, if anything did. */
    @Override
    public void close() throws InterruptedException {
        running = false;
        worker.join(LiveGateways.GIVE_UP_AFTER.plusSeconds(60).toMillis());
        var failed = failure;
        if (failed != null) {
            throw failed;
        }
    }
}
