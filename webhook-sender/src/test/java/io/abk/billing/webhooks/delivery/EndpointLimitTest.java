package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EndpointLimitTest {

    @Test
    void shouldRefuseTheEndpointButNotAnotherWhenTheEndpointHasItsBoundInFlight() {
        var limit = new EndpointLimit(2);

        assertThat(limit.tryAcquire("we_slow")).isTrue();
        assertThat(limit.tryAcquire("we_slow")).isTrue();

        assertThat(limit.tryAcquire("we_slow")).isFalse();
        assertThat(limit.inFlight("we_slow")).as("a refusal counts nothing").isEqualTo(2);
        assertThat(limit.tryAcquire("we_fast")).isTrue();
    }

    @Test
    void shouldAdmitAgainAndForgetTheEndpointWhenItsAttemptsComplete() {
        var limit = new EndpointLimit(1);
        limit.tryAcquire("we_a");

        limit.release("we_a");

        assertThat(limit.inFlight("we_a")).isZero();
        assertThat(limit.endpoints())
                .as("no entry left behind for an idle endpoint")
                .isZero();
        assertThat(limit.tryAcquire("we_a")).isTrue();
    }

    @Test
    void shouldNeverAdmitMoreThanTheBoundWhenManyThreadsRaceForOneEndpoint() throws Exception {
        // Protects the shared count across delivery loops: a lost update would let a slow endpoint exceed its bound.
        var limit = new EndpointLimit(5);
        int threads = 8;
        var start = new CountDownLatch(1);
        var pool = Executors.newFixedThreadPool(threads);
        try {
            var results = new ArrayList<Future<Integer>>();
            for (int t = 0; t < threads; t++) {
                Callable<Integer> racer = () -> {
                    start.await();
                    int admitted = 0;
                    for (int i = 0; i < 10_000; i++) {
                        if (limit.tryAcquire("we_x")) {
                            admitted++;
                            assertThat(limit.inFlight("we_x")).isBetween(1, 5);
                            limit.release("we_x");
                        }
                    }
                    return admitted;
                };
                results.add(pool.submit(racer));
            }
            start.countDown();
            int admitted = 0;
            for (var result : results) {
                admitted += result.get(60, TimeUnit.SECONDS);
            }
            assertThat(admitted).isPositive();
            assertThat(limit.inFlight("we_x")).as("every acquire released").isZero();
            assertThat(limit.endpoints()).isZero();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void shouldCallAnEndpointStalledOnlyWhenAtItsBoundWithNoAttemptFinishedForThePatience() {
        var limit = new EndpointLimit(2);
        var patience = java.time.Duration.ofSeconds(1);
        long t0 = 1_000_000_000L;
        limit.tryAcquire("we_a", t0);
        assertThat(limit.stalled("we_a", t0 + 5_000_000_000L, patience))
                .as("below its bound")
                .isFalse();

        limit.tryAcquire("we_a", t0 + 100_000_000L);
        assertThat(limit.stalled("we_a", t0 + 900_000_000L, patience))
                .as("at its bound, within the patience")
                .isFalse();
        assertThat(limit.stalled("we_a", t0 + 1_000_000_000L, patience))
                .as("at its bound, nothing finished for 1 s")
                .isTrue();

        // an attempt finishes (progress) and another takes its slot: busy, not stalled
        limit.release("we_a", t0 + 1_200_000_000L);
        limit.tryAcquire("we_a", t0 + 1_200_000_000L);
        assertThat(limit.stalled("we_a", t0 + 1_500_000_000L, patience)).isFalse();
        assertThat(limit.stalled("we_a", t0 + 2_200_000_000L, patience)).isTrue();
        assertThat(limit.stalled("we_other", t0 + 9_000_000_000L, patience))
                .as("an idle endpoint")
                .isFalse();
    }

    @Test
    void shouldRejectABoundBelowOneWhenCreated() {
        assertThatThrownBy(() -> new EndpointLimit(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
