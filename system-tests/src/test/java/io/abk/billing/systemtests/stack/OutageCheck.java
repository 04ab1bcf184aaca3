package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One backing service of a running stack stopped for a few seconds under an {@link OutageLoad} and started again on
 * the same data directory and port, then what the API promises for it: every attempt answered within the gateway's
 * request deadline, a 503 with {@code Retry-After} (or a success) while the service is down, every request done once
 * retried with its key, nothing lost or created twice, and the read model caught up.
 */
final class OutageCheck {

    /** Concurrent clients: enough to keep requests in flight through the whole outage, few for a 2-core machine. */
    static final int CLIENTS = 8;
    /** How long the service stays down at least: several request round trips and a producer delivery timeout (5 s). */
    static final Duration OUTAGE = Duration.ofSeconds(6);
    /**
     * The longest an attempt may take to be answered: the gateway's request deadline (10 s request timeout plus 5 s)
     * plus scheduling slack on a busy machine. Anything longer is a hang the deadline should have ended.
     */
    static final Duration ANSWER_BOUND = Duration.ofSeconds(17);
    /**
     * How fast a new request during the outage is told to retry: the command producer's delivery timeout (half the
     * 10 s request timeout) plus slack, since it cannot be queued; a database call fails at once.
     */
    static final Duration PROMPT_503 = Duration.ofSeconds(8);
    /** Creates before the outage and after the recovery: the load runs before it and works again after it. */
    private static final int SUBSCRIPTIONS_PER_PHASE = 12;
    /** For the stack to work again after the restart: reconnects, a consumer group's rebalance, a transaction abort. */
    private static final Duration RECOVERY = Duration.ofSeconds(90);

    /** What stops the service and what starts it again. */
    interface Fault {
        void stop();

        void restart();
    }

    private record HealthAnswer(int status, String body, long millis) {}

    private OutageCheck() {}

    static void rideOut(LocalStack stack, String name, Fault fault) {
        try (var receiver = Receiver.start()) {
            rideOut(stack, name, fault, receiver);
        }
    }

    private static void rideOut(LocalStack stack, String name, Fault fault, Receiver receiver) {
        var api = new Api(stack.info());
        var merchant = api.newMerchant(name);
        var load = new OutageLoad(api, merchant.testKey(), name);
        api.post("/v1/webhook_endpoints")
                .key(merchant.testKey())
                .json(Map.of("url", receiver.url("/hooks"), "enabledEvents", List.of("subscription.created")))
                .send()
                .expect(201);
        long outageStart;
        long outageEnd;
        OutageLoad.Attempt probe;
        HealthAnswer healthDuring;
        try (load) {
            // given a create and charge load that works
            load.start(CLIENTS);
            await("creates before the outage")
                    .atMost(RECOVERY)
                    .until(() -> load.createdCount() >= SUBSCRIPTIONS_PER_PHASE);

            // when the service stops for a few seconds under the load, and starts again on the same data and port
            outageStart = System.nanoTime();
            fault.stop();
            System.out.printf(
                    "%s: stopped in %d ms%n",
                    name, Duration.ofNanos(System.nanoTime() - outageStart).toMillis());
            // and a new create meanwhile, of a client that was not waiting on anything
            probe = load.probe();
            System.out.printf(
                    "%s: a create during the outage answered %d %s in %d ms%n",
                    name, probe.status(), probe.code(), probe.millis());
            // and the health endpoint meanwhile
            var healthStarted = System.nanoTime();
            var health = api.get("/actuator/health")
                    .timeout(OutageLoad.ATTEMPT_LIMIT)
                    .send();
            healthDuring = new HealthAnswer(
                    health.status(),
                    health.body(),
                    Duration.ofNanos(System.nanoTime() - healthStarted).toMillis());
            System.out.printf(
                    "%s: health during the outage answered %d in %d ms%n",
                    name, health.status(), healthDuring.millis());
            await("answers during the outage")
                    .atMost(RECOVERY)
                    .until(() -> System.nanoTime() - outageStart >= OUTAGE.toNanos()
                            && load.answeredSince(outageStart) >= CLIENTS);
            var restartAt = System.nanoTime();
            fault.restart();
            outageEnd = System.nanoTime();
            System.out.printf(
                    "%s: down %d ms, restarted in %d ms%n",
                    name,
                    Duration.ofNanos(outageEnd - outageStart).toMillis(),
                    Duration.ofNanos(outageEnd - restartAt).toMillis());
            int createdBefore = load.createdCount();

            // then the load works again
            await("creates after the recovery")
                    .atMost(RECOVERY)
                    .until(() -> load.createdCount() >= createdBefore + SUBSCRIPTIONS_PER_PHASE);
            System.out.printf(
                    "%s: %d creates after the restart within %d ms%n",
                    name,
                    SUBSCRIPTIONS_PER_PHASE,
                    Duration.ofNanos(System.nanoTime() - outageEnd).toMillis());
        }
        var attempts = load.attempts();
        var created = load.created();
        var during = attempts.stream()
                .filter(a -> a.startedNanos() - outageStart >= 0 && a.startedNanos() - outageEnd < 0)
                .toList();
        System.out.printf(
                "%s: %d attempts (%d during the outage: %s), %d subscriptions, slowest answer %d ms%n",
                name,
                attempts.size(),
                during.size(),
                during.stream().collect(Collectors.groupingBy(a -> a.status() + " " + a.code(), Collectors.counting())),
                created.size(),
                attempts.stream().mapToLong(OutageLoad.Attempt::millis).max().orElse(0));

        // and every attempt was answered within the request deadline: none hung, none broke its connection
        assertThat(attempts)
                .as("attempts without an answer")
                .filteredOn(a -> a.status() == 0)
                .isEmpty();
        assertThat(attempts)
                .as("attempts answered later than %s", ANSWER_BOUND)
                .filteredOn(a -> a.millis() > ANSWER_BOUND.toMillis())
                .isEmpty();
        // and each answer was a success, or a 503 (a 409 for a key still in flight) asking for a retry with Retry-After
        assertThat(attempts)
                .as("answers other than a success or a retryable 503/409 with Retry-After")
                .filteredOn(a -> !(a.status() == 201 || a.status() == 200 || (a.retryable() && a.retryAfter() != null)))
                .isEmpty();
        // and the outage was seen: a new request during it was told to retry soon, well before the request deadline
        assertThat(probe.status()).as("a create during the outage: %s", probe).isEqualTo(503);
        assertThat(probe.retryAfter()).as("its Retry-After").isNotNull();
        assertThat(probe.millis()).as("its answer time").isLessThanOrEqualTo(PROMPT_503.toMillis());
        // and the health endpoint said so, promptly
        assertThat(healthDuring.status())
                .as("health during the outage: %s", healthDuring)
                .isEqualTo(503);
        assertThat(healthDuring.millis()).as("its answer time").isLessThanOrEqualTo(ANSWER_BOUND.toMillis());
        // and every request got its final answer by retrying with its key
        assertThat(load.gaveUp()).as("requests that never got a final answer").isEmpty();

        // and every created subscription is there exactly once, each key's only one, activated and charged once
        var ids = created.values().stream().map(OutageLoad.Created::id).collect(Collectors.toSet());
        assertThat(ids).hasSize(created.size());
        assertThat(created.values())
                .as("subscriptions not activated")
                .filteredOn(c -> c.activated() == null)
                .isEmpty();
        await("the read model lists every created subscription")
                .atMost(RECOVERY)
                .untilAsserted(() -> {
                    var listed = Subscriptions.listAllIds(api, merchant.testKey(), 100);
                    assertThat(listed).doesNotHaveDuplicates();
                    assertThat(new HashSet<>(listed)).isEqualTo(ids);
                });
        for (var subscription : created.values()) {
            var read = Subscriptions.get(api, merchant.testKey(), subscription.id())
                    .expect(200)
                    .json();
            assertThat(read.path("merchantRef").asString()).isEqualTo(subscription.merchantRef());
            var activated = subscription.activated();
            if (activated != null) {
                assertThat(read.path("status").asString())
                        .as("status of %s", subscription.id())
                        .isEqualTo("active");
                var invoice = activated.path("invoice");
                assertThat(invoice.path("status").asString())
                        .as("first invoice of %s", subscription.id())
                        .isEqualTo("paid");
                assertThat(invoice.path("attemptCount").asInt())
                        .as("charges of %s", subscription.id())
                        .isEqualTo(1);
            }
        }
        // and a create replayed with its key answers the same subscription, creating nothing
        for (var subscription : created.values()) {
            var replay = api.post(Subscriptions.PATH)
                    .key(merchant.testKey())
                    .idempotencyKey(subscription.key())
                    .json(OutageLoad.createBody(subscription.key()))
                    .send()
                    .expect(201)
                    .json();
            assertThat(replay.at("/subscription/id").asString()).isEqualTo(subscription.id());
        }
        assertThat(Subscriptions.listAllIds(api, merchant.testKey(), 100)).hasSize(ids.size());
        // and every part the gateway watches is UP again
        await("health UP after the recovery").atMost(RECOVERY).untilAsserted(() -> {
            var health = api.get("/actuator/health").send();
            assertThat(health.status()).as("health: %s", health.body()).isEqualTo(200);
        });
        // and the webhook sender delivered each subscription's creation: it rode out the outage too
        await("subscription.created delivered for every subscription")
                .atMost(RECOVERY)
                .untilAsserted(() -> {
                    var delivered = receiver.requests().stream()
                            .map(Receiver.Request::text)
                            .toList();
                    assertThat(ids)
                            .allSatisfy(id -> assertThat(delivered)
                                    .as("deliveries naming %s", id)
                                    .anyMatch(body -> body.contains(id)));
                });
        // and the change log holds one change per command, of the created subscriptions only: none was applied twice
        var changes = api.topics()
                .values(
                        Topics.CHANGES,
                        (Change c) -> c.getMerchantId().equals(merchant.id())
                                && c.getAggregateType().equals("subscription"));
        assertThat(changes).allSatisfy(change -> assertThat(change.getOutcome()).isEqualTo(Outcome.ACCEPTED));
        assertThat(changes.stream().map(Change::getCommandId).toList()).doesNotHaveDuplicates();
        assertThat(changes.stream().map(Change::getAggregateId).collect(Collectors.toSet()))
                .isEqualTo(ids);
    }
}
