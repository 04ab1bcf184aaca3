package io.abk.billing.systemtests.stack;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Usage events posted over every live gateway while replicas die, as a merchant's servers would send them: a closed
 * loop of {@code POST /v1/meter_events/batch} (paced), each batch {@value #BATCH} events worth 1 for one of the metered
 * subscriptions in turn, identifiers new to the batch. A batch without a final answer (the connection broke, a 503) is
 * sent again, the same identifiers, to the next gateway until one answers 202: the usage processor counts an
 * identifier once, so a batch the broker had already taken counts once all the same. What each subscription must read
 * afterwards is its plan's {@link MeteredPlan#CALLS} and every event accepted for it.
 */
final class ScaleOutUsage implements AutoCloseable {

    static final int BATCH = 50;

    private static final Duration GIVE_UP_AFTER = Duration.ofSeconds(120);
    private static final Duration BACK_OFF = Duration.ofMillis(250);
    /** Between accepted batches: a few hundred events a second, beside the scale-out's own load. */
    private static final Duration PACE = Duration.ofMillis(100);

    private final Supplier<List<String>> gateways;
    private final String key;
    private final List<MeteredPlan> plans;
    private final Map<String, AtomicLong> accepted = new ConcurrentHashMap<>();
    private final List<Instant> acceptedAt = new ArrayList<>();
    private final Thread worker;
    private volatile boolean running = true;
    private volatile @Nullable RuntimeException failure;

    ScaleOutUsage(Supplier<List<String>> gateways, String key, List<MeteredPlan> plans) {
        this.gateways = gateways;
        this.key = key;
        this.plans = List.copyOf(plans);
        plans.forEach(plan -> accepted.put(plan.subscriptionId(), new AtomicLong()));
        this.worker = Thread.ofPlatform().name("scale-out-usage").start(this::work);
    }

    /** Events accepted (202) for the subscription so far. */
    long accepted(String subscriptionId) {
        return accepted.get(subscriptionId).get();
    }

    /** Batches accepted at or after {@code since}. */
    long batchesAcceptedSince(Instant since) {
        synchronized (acceptedAt) {
            return acceptedAt.stream().filter(at -> !at.isBefore(since)).count();
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
            if (!send(batch, Map.of("events", events))) {
                // Whether the broker took it is unknown, so no total could be checked exactly.
                throw new IllegalStateException("no gateway accepted usage batch " + batch + " in " + GIVE_UP_AFTER);
            }
            accepted.get(plan.subscriptionId()).addAndGet(BATCH);
            synchronized (acceptedAt) {
                acceptedAt.add(Instant.now());
            }
            LockSupport.parkNanos(PACE.toNanos());
        }
    }

    /** Sends the batch until a gateway accepts it; false when none did within {@link #GIVE_UP_AFTER}. */
    private boolean send(int batch, Map<String, Object> body) {
        var giveUpAt = System.nanoTime() + GIVE_UP_AFTER.toNanos();
        for (int attempt = 0; System.nanoTime() - giveUpAt < 0; attempt++) {
            var live = gateways.get();
            if (live.isEmpty()) {
                pause();
                continue;
            }
            var gateway = live.get(Math.floorMod(batch + attempt, live.size()));
            Reply reply;
            try {
                reply = new Call(gateway, "POST", "/v1/meter_events/batch")
                        .timeout(Duration.ofSeconds(30))
                        .key(key)
                        .json(body)
                        .sendAsync()
                        .get(40, TimeUnit.SECONDS);
            } catch (Exception broken) {
                pause();
                continue;
            }
            if (reply.status() == 202) {
                return true;
            }
            if (reply.status() != 503) {
                throw new IllegalStateException("a usage batch answered " + reply.status() + ": " + reply.body());
            }
            pause();
        }
        return false;
    }

    private static void pause() {
        LockSupport.parkNanos(BACK_OFF.toNanos());
    }

    /** Stops after the batch in flight has its answer; throws what stopped the loop early, if anything did. */
    @Override
    public void close() throws InterruptedException {
        running = false;
        worker.join(GIVE_UP_AFTER.plusSeconds(60).toMillis());
        var failed = failure;
        if (failed != null) {
            throw failed;
        }
    }
}
