package io.abk.billing.webhooks.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Outcomes of failed attempts, their log rows, and what they do to the endpoint (410, failing streak, 5-day rule). */
class AttemptHealthIT {

    private static final Instant RETRY_AT = Instant.parse("2030-01-01T00:05:00Z");
    private static HttpDeliveryAttempts attempts;

    @BeforeAll
    static void start() {
        attempts = new HttpDeliveryAttempts(
                TestDb.dataSource(), HttpDeliveryAttempts.Settings.defaults(true), TestDb.sealer());
    }

    @AfterAll
    static void stop() {
        attempts.close();
    }

    @Test
    void shouldFailAndStartFailingStreakWhenEndpointAnswers500() throws Exception {
        try (var receiver = Receiver.answering(n -> Receiver.Answer.of(500, "boom\0" + "x".repeat(5000)))) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());

            assertThat(attempt(attempts, endpoint, 3)).isEqualTo(AttemptResult.FAILED);

            var row = TestDb.attempts(endpoint.id()).getFirst();
            assertThat(row)
                    .containsEntry("outcome", "failed")
                    .containsEntry("status_code", 500)
                    .containsEntry("attempt", 3)
                    .containsEntry("error", "the endpoint answered 500")
                    .containsEntry("next_retry_at", at(RETRY_AT));
            assertThat(row.get("latency_ms")).isNotNull();
            // Protects the log write: a NUL from the endpoint would make PostgreSQL refuse the row.
            assertThat((String) row.get("response_excerpt")).hasSize(1024).startsWith("boom\uFFFDxxx");
            assertThat(TestDb.endpointRow(endpoint.id()).get("failing_since")).isNotNull();
        }
    }

    @Test
    void shouldFailWithoutLatencyWhenConnectionIsRefused() throws Exception {
        int closedPort;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        var endpoint = TestDb.endpoint(TestDb.merchant(), "test", "http://127.0.0.1:" + closedPort + "/hook");

        assertThat(attempt(attempts, endpoint, 1)).isEqualTo(AttemptResult.FAILED);

        var row = TestDb.attempts(endpoint.id()).getFirst();
        assertThat(row)
                .containsEntry("outcome", "failed")
                .containsEntry("status_code", null)
                .containsEntry("latency_ms", null)
                .containsEntry("next_retry_at", at(RETRY_AT));
        assertThat((String) row.get("error")).startsWith("could not connect");
    }

    @Test
    void shouldFailWhenEndpointDoesNotAnswerWithinTimeout() throws Exception {
        var settings = HttpDeliveryAttempts.Settings.defaults(true).withTimeout(Duration.ofSeconds(1));
        try (var receiver = Receiver.answering(n -> new Receiver.Answer(200, "", true));
                var shortTimeout = new HttpDeliveryAttempts(TestDb.dataSource(), settings, TestDb.sealer())) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());

            assertThat(attempt(shortTimeout, endpoint, 1)).isEqualTo(AttemptResult.FAILED);

            var row = TestDb.attempts(endpoint.id()).getFirst();
            assertThat(row)
                    .containsEntry("outcome", "failed")
                    .containsEntry("status_code", null)
                    .containsEntry("error", "no answer within 1 s");
            assertThat((Integer) row.get("latency_ms")).isGreaterThanOrEqualTo(900);
            assertThat(receiver.requests()).hasSize(1);
        }
    }

    @Test
    void shouldClearFailingStreakWhenEndpointSucceedsAfterFailures() throws Exception {
        try (var receiver = Receiver.answering(n -> Receiver.Answer.of(n < 2 ? 503 : 200, n < 2 ? "" : "ok"))) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());

            assertThat(attempt(attempts, endpoint, 1)).isEqualTo(AttemptResult.FAILED);
            assertThat(attempt(attempts, endpoint, 2)).isEqualTo(AttemptResult.FAILED);
            assertThat(TestDb.endpointRow(endpoint.id()).get("failing_since")).isNotNull();
            assertThat(attempt(attempts, endpoint, 3)).isEqualTo(AttemptResult.DELIVERED);

            assertThat(TestDb.endpointRow(endpoint.id()).get("failing_since")).isNull();
            assertThat(TestDb.attempts(endpoint.id()))
                    .extracting(row -> row.get("outcome"))
                    .containsExactly("failed", "failed", "succeeded");
            assertThat(TestDb.attempts(endpoint.id()).getLast())
                    .containsEntry("response_excerpt", "ok")
                    .containsEntry("next_retry_at", null)
                    .containsEntry("error", null);
        }
    }

    @Test
    void shouldDisableAndDropWhenEndpointAnswers410() throws Exception {
        try (var receiver = Receiver.answering(410)) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());

            assertThat(attempt(attempts, endpoint, 1)).isEqualTo(AttemptResult.DROPPED);
            assertThat(attempt(attempts, endpoint, 2)).isEqualTo(AttemptResult.DROPPED);

            assertThat(TestDb.endpointRow(endpoint.id()))
                    .containsEntry("disabled", true)
                    .containsEntry("disabled_reason", "gone");
            assertThat(receiver.requests()).hasSize(1);
            var rows = TestDb.attempts(endpoint.id());
            assertThat(rows.getFirst())
                    .containsEntry("outcome", "failed")
                    .containsEntry("status_code", 410)
                    .containsEntry("next_retry_at", null);
            assertThat(rows.getLast())
                    .containsEntry("outcome", "skipped")
                    .containsEntry("latency_ms", null)
                    .containsEntry("error", "the endpoint is disabled (gone)");
        }
    }

    @Test
    void shouldSkipWithoutCallingWhenEndpointIsDisabledDeletedOrMissing() throws Exception {
        try (var receiver = Receiver.answering(200)) {
            var merchant = TestDb.merchant();
            var disabled = TestDb.endpoint(merchant, "test", receiver.url());
            TestDb.jdbc().update("UPDATE webhook_endpoints SET disabled = true WHERE id = ?", disabled.id());
            var deleted = TestDb.endpoint(merchant, "test", receiver.url());
            TestDb.jdbc().update("UPDATE webhook_endpoints SET deleted_at = now() WHERE id = ?", deleted.id());
            var missing = new TestDb.Endpoint("we_missing", merchant, "test", disabled.secret());

            assertThat(attempt(attempts, disabled, 1)).isEqualTo(AttemptResult.DROPPED);
            assertThat(attempt(attempts, deleted, 1)).isEqualTo(AttemptResult.DROPPED);
            assertThat(attempt(attempts, missing, 1)).isEqualTo(AttemptResult.DROPPED);

            assertThat(receiver.requests()).isEmpty();
            assertThat(TestDb.attempts(disabled.id()).getFirst())
                    .containsEntry("outcome", "skipped")
                    .containsEntry("error", "the endpoint is disabled")
                    .containsEntry("next_retry_at", null);
            assertThat(TestDb.attempts(deleted.id()).getFirst())
                    .containsEntry("outcome", "skipped")
                    .containsEntry("error", "the endpoint was deleted");
        }
    }

    @Test
    void shouldDisableWhenEndpointKeepsFailingForDisableAfter() throws Exception {
        var clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));
        var settings = HttpDeliveryAttempts.Settings.defaults(true).withClock(clock);
        try (var receiver = Receiver.answering(500);
                var clocked = new HttpDeliveryAttempts(TestDb.dataSource(), settings, TestDb.sealer())) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());

            assertThat(attempt(clocked, endpoint, 1)).isEqualTo(AttemptResult.FAILED);
            clock.advance(Duration.ofDays(5).minusSeconds(1));
            assertThat(attempt(clocked, endpoint, 2)).isEqualTo(AttemptResult.FAILED);
            assertThat(TestDb.endpointRow(endpoint.id()))
                    .containsEntry("disabled", false)
                    .containsEntry("failing_since", at(Instant.parse("2030-01-01T00:00:00Z")));
            clock.advance(Duration.ofSeconds(1));
            assertThat(attempt(clocked, endpoint, 3)).isEqualTo(AttemptResult.DROPPED);

            assertThat(TestDb.endpointRow(endpoint.id()))
                    .containsEntry("disabled", true)
                    .containsEntry("disabled_reason", "failing_for_5_days");
            assertThat(TestDb.attempts(endpoint.id()).getLast())
                    .containsEntry("outcome", "failed")
                    .containsEntry("next_retry_at", null)
                    .containsEntry("attempted_at", at(clock.instant()));
            assertThat(receiver.requests()).hasSize(3);
        }
    }

    private static AttemptResult attempt(HttpDeliveryAttempts on, TestDb.Endpoint endpoint, int number)
            throws Exception {
        return on.attempt(Deliveries.to(endpoint), number, RETRY_AT).get(30, TimeUnit.SECONDS);
    }

    /** How the JDBC driver answers a timestamptz column in queryForMap. */
    private static Object at(Instant instant) {
        return Timestamp.from(instant.truncatedTo(ChronoUnit.MICROS));
    }
}
