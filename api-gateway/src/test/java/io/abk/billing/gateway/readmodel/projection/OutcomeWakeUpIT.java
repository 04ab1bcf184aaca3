package io.abk.billing.gateway.readmodel.projection;

import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.accepted;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.awaitCaughtUp;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newGroup;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newMerchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.TestDatabase;
import io.abk.billing.schemas.avro.Change;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * How a waiting request learns of its outcome: in-process after the projector's commit, by NOTIFY from a
 * projector elsewhere, and by one look-up when listening resumes after notifications were missed.
 */
class OutcomeWakeUpIT {

    private static final Logger log = LoggerFactory.getLogger(OutcomeWakeUpIT.class);
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    @RegisterExtension
    static final ProjectorHarness harness = new ProjectorHarness("wakeup_it");

    private final TestDatabase db = harness.db();

    @Test
    void shouldWakeAListeningWaiterWhenTheChangeIsProjectedByAnotherProjector() {
        var merchant = newMerchant();
        var pool = new io.r2dbc.pool.ConnectionPool(
                io.r2dbc.pool.ConnectionPoolConfiguration.builder(db.r2dbc()).build());
        var waiter = new OutcomeWaiter(new OutcomeQueries(org.springframework.r2dbc.core.DatabaseClient.create(pool)));
        var notifications = new OutcomeNotifications(db.r2dbc(), waiter, Duration.ofSeconds(1));
        notifications.start();
        try {
            await().atMost(Duration.ofSeconds(30)).until(notifications::isListening);
            // No in-process hand-over: only NOTIFY can wake the waiter, as on another replica.
            var group = newGroup();
            harness.start(group, db, OutcomeListener.NONE);
            awaitCaughtUp(group, db);
            var latencies = new ArrayList<Long>();
            CommandOutcome outcome = null;
            Change change = null;
            for (int i = 0; i < 10; i++) {
                var next = accepted(merchant, 1, "incomplete");
                var sentAt = new long[1];
                outcome = waiter.await(
                                next.getCommandId(),
                                Mono.fromRunnable(() -> {
                                    harness.send(List.of(next));
                                    sentAt[0] = System.nanoTime();
                                }),
                                false,
                                Duration.ofSeconds(30))
                        .block();
                latencies.add((System.nanoTime() - sentAt[0]) / 1000);
                change = next;
            }

            log.info(
                    "measured NOTIFY wake-up latency from produce ack (first, then warm p50, max of 10): {} us, {} us, {} us",
                    latencies.getFirst(),
                    latencies.stream().sorted().toList().get(5),
                    latencies.stream().max(Long::compare).orElseThrow());
            assertThat(outcome.accepted()).isTrue();
            assertThat(outcome.aggregateId()).isEqualTo(change.getAggregateId());
            assertThat(JSON.readTree(outcome.snapshotsJson()).get(0).get("id").asString())
                    .isEqualTo(change.getAggregateId());
            // A waiter unregisters when its request ends (just after the outcome is handed over).
            await().atMost(Duration.ofSeconds(10)).until(() -> waiter.pendingCount() == 0);
            var recorded = waiter.await(change.getCommandId(), Mono.empty(), true, Duration.ofSeconds(5))
                    .block();
            assertThat(recorded)
                    .as("a retry finds a recorded outcome without any notification")
                    .isEqualTo(outcome);
        } finally {
            notifications.stop();
            pool.dispose();
        }
    }

    @Test
    void shouldWakeWaitersWhenListeningResumesAfterAGapOrALostConnection() {
        var merchant = newMerchant();
        var listenerFactory = new io.r2dbc.postgresql.PostgresqlConnectionFactory(
                io.r2dbc.postgresql.PostgresqlConnectionConfiguration.builder()
                        .host("localhost")
                        .port(db.port())
                        .database(db.name())
                        .username(TestDatabase.USER)
                        .applicationName("outcome-listener-it")
                        .build());
        var waiter = new OutcomeWaiter(new OutcomeQueries(db.databaseClient()));
        var notifications = new OutcomeNotifications(listenerFactory, waiter, Duration.ofMillis(500));
        var group = newGroup();
        harness.start(group, db, OutcomeListener.NONE);
        var missed = accepted(merchant, 1, "incomplete");
        var waiting = waiter.await(missed.getCommandId(), Mono.empty(), false, Duration.ofSeconds(30))
                .toFuture();
        try {
            // Nobody listens while the change is projected: its NOTIFY is gone for good.
            harness.send(List.of(missed));
            awaitCaughtUp(group, db);
            assertThat(waiting).isNotDone();

            notifications.start();

            assertThat(waiting.join().commandId())
                    .as("re-checked once listening")
                    .isEqualTo(missed.getCommandId());
            await().atMost(Duration.ofSeconds(30)).until(notifications::isListening);
            db.count(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'outcome-listener-it'");
            var afterLoss = accepted(merchant, 1, "incomplete");
            var outcome = waiter.await(
                            afterLoss.getCommandId(),
                            Mono.fromRunnable(() -> harness.send(List.of(afterLoss))),
                            false,
                            Duration.ofSeconds(30))
                    .block();
            assertThat(outcome.commandId())
                    .as("woken after the LISTEN connection was re-opened")
                    .isEqualTo(afterLoss.getCommandId());
        } finally {
            notifications.stop();
        }
    }

    @Test
    void shouldHandOverOutcomesWithinMillisecondsWhenChangesArriveOneByOne() {
        var merchant = newMerchant();
        var heardAt = new ConcurrentHashMap<String, Long>();
        var group = newGroup();
        harness.start(group, db, outcomes -> outcomes.forEach(o -> heardAt.put(o.commandId(), System.nanoTime())));
        awaitCaughtUp(group, db);
        var latencies = new ArrayList<Long>();

        for (int i = 0; i < 30; i++) {
            var change = accepted(merchant, 1, "incomplete");
            harness.send(List.of(change));
            var acked = System.nanoTime();
            await().atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(1))
                    .until(() -> heardAt.containsKey(change.getCommandId()));
            latencies.add(Math.max(0, heardAt.get(change.getCommandId()) - acked) / 1000);
        }

        var sorted = latencies.stream().sorted().toList();
        log.info(
                "measured projection latency from produce ack to in-process hand-over after commit: p50={} us p90={} us max={} us",
                sorted.get(15),
                sorted.get(27),
                sorted.getLast());
        assertThat(db.count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant))
                .isEqualTo(30);
    }
}
