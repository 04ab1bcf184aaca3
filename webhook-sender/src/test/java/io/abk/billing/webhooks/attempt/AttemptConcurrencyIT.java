package io.abk.billing.webhooks.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A slow endpoint holds a connection, never a thread: attempts to other endpoints go on meanwhile. */
class AttemptConcurrencyIT {

    /** Well past the per-host connection limit (64). */
    private static final int BURST = 300;

    @Test
    void shouldDeliverToFastEndpointWhileSlowEndpointsHoldTheirRequests() throws Exception {
        // One JDBC thread and one DNS thread: if an attempt held a thread while waiting for its answer, the fast
        // delivery below could not even be read from the database until the slow receivers let go.
        var settings = new HttpDeliveryAttempts.Settings(
                Duration.ofSeconds(30), Duration.ofDays(5), true, Clock.systemUTC(), InetAddress::getAllByName, 1);
        try (var slow = Receiver.answering(n -> new Receiver.Answer(200, "slow", true));
                var fast = Receiver.answering(200);
                var attempts = new HttpDeliveryAttempts(TestDb.dataSource(), settings, TestDb.sealer())) {
            var merchant = TestDb.merchant();
            var slowEndpoints = IntStream.range(0, 3)
                    .mapToObj(i -> TestDb.endpoint(merchant, "test", slow.url()))
                    .toList();
            var fastEndpoint = TestDb.endpoint(merchant, "test", fast.url());

            List<CompletableFuture<AttemptResult>> slowAttempts = slowEndpoints.stream()
                    .map(endpoint -> attempts.attempt(Deliveries.to(endpoint), 1, null))
                    .toList();
            await().atMost(Duration.ofSeconds(30)).until(() -> slow.requests().size() == slowEndpoints.size());
            var fastResult =
                    attempts.attempt(Deliveries.to(fastEndpoint), 1, null).get(30, TimeUnit.SECONDS);

            assertThat(fastResult).isEqualTo(AttemptResult.DELIVERED);
            assertThat(TestDb.attempts(fastEndpoint.id())).hasSize(1);
            assertThat(slowAttempts).noneMatch(CompletableFuture::isDone);
            slow.release();
            for (var slowAttempt : slowAttempts) {
                assertThat(slowAttempt.get(30, TimeUnit.SECONDS)).isEqualTo(AttemptResult.DELIVERED);
            }
            assertThat(TestDb.attempts(slowEndpoints.getFirst().id()).getFirst())
                    .containsEntry("response_excerpt", "slow");
        }
    }

    @Test
    void shouldDeliverEveryAttemptWhenABurstTargetsOneEndpoint() throws Exception {
        // Protects against a per-host connection pool that refuses waiters: a backlog after an outage is a burst.
        try (var receiver = Receiver.answering(200);
                var attempts = new HttpDeliveryAttempts(
                        TestDb.dataSource(), HttpDeliveryAttempts.Settings.defaults(true), TestDb.sealer())) {
            var endpoint = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());
            var started = System.nanoTime();

            var burst = IntStream.range(0, BURST)
                    .mapToObj(i -> attempts.attempt(Deliveries.to(endpoint), 1, null))
                    .toList();
            CompletableFuture.allOf(burst.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);

            assertThat(burst).allSatisfy(attempt -> assertThat(attempt.get()).isEqualTo(AttemptResult.DELIVERED));
            assertThat(receiver.requests()).hasSize(BURST);
            assertThat(TestDb.attempts(endpoint.id())).hasSize(BURST);
            var seconds = (System.nanoTime() - started) / 1e9;
            System.out.printf(
                    "webhook burst: %d attempts to one local receiver in %.2f s (%.0f/s)%n",
                    BURST, seconds, BURST / seconds);
        }
    }
}
