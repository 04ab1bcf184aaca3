package io.abk.billing.webhooks.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.abk.billing.webhooks.attempt.endpoint.AttemptLogWriter;
import io.abk.billing.webhooks.attempt.endpoint.AttemptRow;
import io.abk.billing.webhooks.attempt.endpoint.DeliveryLog;
import io.abk.billing.webhooks.attempt.endpoint.HealthChange;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The attempt log written in batches: the same rows and health as one transaction an attempt, in fewer commits. */
class AttemptLogIT {

    private static final Duration FIVE_DAYS = Duration.ofDays(5);
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private static final Instant RETRY_AT = NOW.plusSeconds(60);

    @Test
    void shouldApplyABatchsHealthChangesInTheirOrder() {
        var merchant = TestDb.merchant();
        var healed = TestDb.endpoint(merchant, "test", "http://127.0.0.1:1/a");
        var failing = TestDb.endpoint(merchant, "test", "http://127.0.0.1:1/b");
        var gone = TestDb.endpoint(merchant, "test", "http://127.0.0.1:1/c");
        var log = new DeliveryLog(TestDb.dataSource());

        var disabled = log.recordAll(
                List.of(
                        attempt(healed, 1, HealthChange.FAILED), attempt(failing, 1, HealthChange.SUCCEEDED),
                        attempt(healed, 2, HealthChange.SUCCEEDED), attempt(failing, 2, HealthChange.FAILED),
                        attempt(gone, 1, HealthChange.GONE), attempt(gone, 2, HealthChange.NONE)),
                FIVE_DAYS);

        // A failure then a success heals; a success then a failure starts a streak; a 410 disables at once.
        assertThat(disabled).containsExactly(false, false, false, false, true, false);
        assertThat(TestDb.endpointRow(healed.id()).get("failing_since")).isNull();
        assertThat(TestDb.endpointRow(failing.id()).get("failing_since")).isNotNull();
        assertThat(TestDb.endpointRow(gone.id()))
                .containsEntry("disabled", true)
                .containsEntry("disabled_reason", "gone");
        assertThat(TestDb.attempts(healed.id()))
                .extracting(row -> row.get("attempt"))
                .containsExactly(1, 2);
        assertThat(TestDb.attempts(failing.id()))
                .extracting(row -> row.get("outcome"))
                .containsExactly("succeeded", "failed");
        // The attempt that disabled its endpoint is not retried: its retry time is dropped.
        assertThat(TestDb.attempts(gone.id()).getFirst()).containsEntry("next_retry_at", null);
    }

    @Test
    void shouldWriteWhatQueuedWhileATransactionRanAsOneBatch() throws Exception {
        var merchant = TestDb.merchant();
        var locked = TestDb.endpoint(merchant, "test", "http://127.0.0.1:1/locked");
        var busy = TestDb.endpoint(merchant, "test", "http://127.0.0.1:1/busy");
        var blocker = new TransactionTemplate(new DataSourceTransactionManager(TestDb.dataSource()));
        var holding = new CompletableFuture<Void>();
        var release = new CompletableFuture<Void>();
        try (var writer =
                new AttemptLogWriter(new DeliveryLog(TestDb.dataSource()), FIVE_DAYS, 256, "attempt-log-test")) {
            // Given the writer's first transaction waiting for a lock another transaction holds on its endpoint's
            // health
            var holder = CompletableFuture.runAsync(() -> blocker.executeWithoutResult(status -> {
                TestDb.lockHealth(locked.id());
                holding.complete(null);
                release.join();
            }));
            holding.get(30, TimeUnit.SECONDS);
            var first = writer.record(attempt(locked, 1, HealthChange.FAILED).row(), HealthChange.FAILED);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> TestDb.jdbc()
                                    .queryForObject(
                                            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
                                            Long.class)
                            > 0);

            // When 300 attempts finish meanwhile
            var later = new ArrayList<CompletableFuture<Boolean>>();
            for (int i = 0; i < 300; i++) {
                later.add(writer.record(
                        attempt(busy, i + 1, HealthChange.SUCCEEDED).row(), HealthChange.SUCCEEDED));
            }
            assertThat(first).isNotDone();
            release.complete(null);
            holder.get(30, TimeUnit.SECONDS);

            // Then they are written in two transactions of at most 256 after the first, every row once
            assertThat(first.get(30, TimeUnit.SECONDS)).isFalse();
            CompletableFuture.allOf(later.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            assertThat(later).allMatch(done -> !done.join());
            assertThat(writer.batchesWritten()).isEqualTo(3);
            assertThat(TestDb.attempts(busy.id())).hasSize(300);
        }
    }

    @Test
    void shouldTellTheExchangeEndedBeforeTheAttemptIsLogged() throws Exception {
        var blocker = new TransactionTemplate(new DataSourceTransactionManager(TestDb.dataSource()));
        var holding = new CompletableFuture<Void>();
        var release = new CompletableFuture<Void>();
        try (var receiver = Receiver.answering(500);
                var attempts = new HttpDeliveryAttempts(
                        TestDb.dataSource(), HttpDeliveryAttempts.Settings.defaults(true), TestDb.sealer())) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());
            // Given the endpoint's health row locked, so the failed attempt's health change (and its log row) must wait
            var holder = CompletableFuture.runAsync(() -> blocker.executeWithoutResult(status -> {
                TestDb.lockHealth(endpoint.id());
                holding.complete(null);
                release.join();
            }));
            holding.get(30, TimeUnit.SECONDS);
            var exchanged = new CompletableFuture<ExchangeEnd>();

            // When the endpoint answers
            var attempt = attempts.attempt(Deliveries.to(endpoint), 1, RETRY_AT, exchanged::complete);

            // Then the exchange is over (the endpoint's slot can serve another request) while the log still waits, and
            // its 500 says the endpoint is overloaded
            assertThat(exchanged.get(30, TimeUnit.SECONDS).load()).isEqualTo(ExchangeEnd.Load.OVERLOADED);
            assertThat(attempt).isNotDone();
            release.complete(null);
            holder.get(30, TimeUnit.SECONDS);
            assertThat(attempt.get(30, TimeUnit.SECONDS)).isEqualTo(AttemptResult.FAILED);
            assertThat(TestDb.attempts(endpoint.id())).hasSize(1);
        }
    }

    @Test
    void shouldReadAnEndpointOnceForTheAttemptsThatStartWhileItIsRead() throws Exception {
        var blocker = new TransactionTemplate(new DataSourceTransactionManager(TestDb.dataSource()));
        var holding = new CompletableFuture<Void>();
        var release = new CompletableFuture<Void>();
        try (var receiver = Receiver.answering(204);
                var attempts = new HttpDeliveryAttempts(
                        TestDb.dataSource(), HttpDeliveryAttempts.Settings.defaults(true), TestDb.sealer())) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());
            // Given reads of the endpoints table held back by a lock
            var holder = CompletableFuture.runAsync(() -> blocker.executeWithoutResult(status -> {
                TestDb.jdbc().execute("LOCK TABLE webhook_endpoints IN ACCESS EXCLUSIVE MODE");
                holding.complete(null);
                release.join();
            }));
            holding.get(30, TimeUnit.SECONDS);

            // When five attempts to one endpoint start meanwhile
            var started = new ArrayList<CompletableFuture<AttemptResult>>();
            for (int i = 0; i < 5; i++) {
                started.add(attempts.attempt(Deliveries.to(endpoint), 1, null));
            }

            // Then one read of the endpoint waits, and it serves all five
            String waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                    + " AND query LIKE '%FROM delivery_endpoints WHERE id%'";
            await().atMost(Duration.ofSeconds(30)).until(() -> TestDb.jdbc().queryForObject(waiting, Long.class) == 1);
            await().during(Duration.ofMillis(300))
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> TestDb.jdbc().queryForObject(waiting, Long.class) == 1);
            release.complete(null);
            holder.get(30, TimeUnit.SECONDS);
            for (var attempt : started) {
                assertThat(attempt.get(30, TimeUnit.SECONDS)).isEqualTo(AttemptResult.DELIVERED);
            }
            assertThat(TestDb.attempts(endpoint.id())).hasSize(5);
        }
    }

    @Test
    void shouldFailOnlyTheRowTheDatabaseRefuses() throws Exception {
        var merchant = TestDb.merchant();
        var endpoint = TestDb.endpoint(merchant, "test", "http://127.0.0.1:1/good");
        var unknown = new TestDb.Endpoint("we_unknown" + System.nanoTime(), merchant, "test", "whsec_x");
        try (var writer =
                new AttemptLogWriter(new DeliveryLog(TestDb.dataSource()), FIVE_DAYS, 256, "attempt-log-test")) {
            var good =
                    writer.record(attempt(endpoint, 1, HealthChange.SUCCEEDED).row(), HealthChange.SUCCEEDED);
            var refused = writer.record(attempt(unknown, 1, HealthChange.NONE).row(), HealthChange.NONE);
            var alsoGood =
                    writer.record(attempt(endpoint, 2, HealthChange.SUCCEEDED).row(), HealthChange.SUCCEEDED);

            assertThat(good.get(30, TimeUnit.SECONDS)).isFalse();
            assertThat(alsoGood.get(30, TimeUnit.SECONDS)).isFalse();
            // The log's endpoint_id references an endpoint: a row for none is refused, alone.
            assertThatThrownBy(() -> refused.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class);
            assertThat(TestDb.attempts(endpoint.id())).hasSize(2);
        }
    }

    @Test
    void shouldRefuseAnAttemptOnceClosed() {
        var writer = new AttemptLogWriter(new DeliveryLog(TestDb.dataSource()), FIVE_DAYS, 256, "attempt-log-test");
        writer.close();

        var endpoint = TestDb.endpoint(TestDb.merchant(), "test", "http://127.0.0.1:1/closed");
        assertThat(writer.record(attempt(endpoint, 1, HealthChange.NONE).row(), HealthChange.NONE))
                .isCompletedExceptionally();
    }

    private static DeliveryLog.Attempt attempt(TestDb.Endpoint endpoint, int number, HealthChange change) {
        var outcome = switch (change) {
            case SUCCEEDED -> "succeeded";
            case NONE -> "skipped";
            case GONE, FAILED -> "failed";
        };
        var row = new AttemptRow(
                endpoint.id(),
                endpoint.merchantId(),
                endpoint.mode(),
                "del_" + endpoint.id() + "_" + number,
                "evt_" + number,
                "subscription.created",
                number,
                false,
                outcome,
                change == HealthChange.NONE ? null : 200,
                3,
                null,
                null,
                change == HealthChange.FAILED || change == HealthChange.GONE ? RETRY_AT : null,
                NOW);
        return new DeliveryLog.Attempt(row, change);
    }
}
