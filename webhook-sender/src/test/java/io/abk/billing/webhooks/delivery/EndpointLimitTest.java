package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.webhooks.attempt.ExchangeEnd;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EndpointLimitTest {

    private static final Duration FAST = Duration.ofSeconds(1);
    private static final ExchangeEnd FAST_ANSWER = new ExchangeEnd(ExchangeEnd.Load.ANSWERED, 20);
    private static final ExchangeEnd OVERLOADED = new ExchangeEnd(ExchangeEnd.Load.OVERLOADED, 15_000);
    private static final long T0 = 1_000_000_000L;

    private static EndpointLimit limit(int max) {
        return new EndpointLimit(max, FAST);
    }

    /** {@code n} attempts to {@code endpointId}, one after another, each ending as {@code end}. */
    private static void answer(EndpointLimit limit, String endpointId, int n, ExchangeEnd end) {
        for (int i = 0; i < n; i++) {
            assertThat(limit.tryAcquire(endpointId, T0)).isTrue();
            limit.release(endpointId, end, T0, T0 + 1);
        }
    }

    @Test
    void shouldRefuseTheEndpointButNotAnotherWhenTheEndpointHasItsBoundInFlight() {
        var limit = limit(2);

        assertThat(limit.tryAcquire("we_slow")).isTrue();
        assertThat(limit.tryAcquire("we_slow")).isTrue();

        assertThat(limit.tryAcquire("we_slow")).isFalse();
        assertThat(limit.inFlight("we_slow")).as("a refusal counts nothing").isEqualTo(2);
        assertThat(limit.tryAcquire("we_fast")).isTrue();
    }

    @Test
    void shouldAdmitAgainAndForgetTheEndpointWhenItsAttemptsComplete() {
        var limit = limit(1);
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
        var limit = limit(5);
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
        var limit = limit(2);
        var patience = Duration.ofSeconds(1);
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
        limit.release("we_a", ExchangeEnd.NOT_SENT, t0, t0 + 1_200_000_000L);
        limit.tryAcquire("we_a", t0 + 1_200_000_000L);
        assertThat(limit.stalled("we_a", t0 + 1_500_000_000L, patience)).isFalse();
        assertThat(limit.stalled("we_a", t0 + 2_200_000_000L, patience)).isTrue();
        assertThat(limit.stalled("we_other", t0 + 9_000_000_000L, patience))
                .as("an idle endpoint")
                .isFalse();
    }

    @Test
    void shouldLetOneMoreAttemptInForEachWindowOfFastAnswersWhenTheEndpointKeepsUp() {
        var limit = limit(20);
        assertThat(limit.bound("we_a")).as("a new endpoint starts low").isEqualTo(EndpointLimit.START);

        // 4 fast answers (one window) grow it by a little less than one, the fifth past one
        answer(limit, "we_a", 4, FAST_ANSWER);
        assertThat(limit.bound("we_a")).isEqualTo(4);
        answer(limit, "we_a", 1, FAST_ANSWER);
        assertThat(limit.bound("we_a")).isEqualTo(5);
        assertThat(limit.tryAcquire("we_a", T0)).isTrue();
        assertThat(limit.inFlight("we_a")).isEqualTo(1);
    }

    @Test
    void shouldNotGrowWhenTheAnswersAreSlowOrNoRequestReachedTheEndpoint() {
        var limit = limit(20);

        answer(limit, "we_a", 100, new ExchangeEnd(ExchangeEnd.Load.ANSWERED, 1_001));
        answer(limit, "we_a", 100, ExchangeEnd.NOT_SENT);

        assertThat(limit.bound("we_a")).isEqualTo(EndpointLimit.START);
        assertThat(limit.endpoints()).as("nothing learnt, nothing kept").isZero();
    }

    @Test
    void shouldHalveTheWindowOnceForTheOverloadsOfAttemptsStartedBeforeTheHalving() {
        var limit = limit(20);
        answer(limit, "we_a", 200, FAST_ANSWER);
        int grown = limit.bound("we_a");
        assertThat(grown).isBetween(16, 20);

        // a window of attempts in flight, all overloaded: one halving, not one per attempt
        long started = T0 + 1_000;
        for (int i = 0; i < grown; i++) {
            assertThat(limit.tryAcquire("we_a", started)).isTrue();
        }
        for (int i = 0; i < grown; i++) {
            limit.release("we_a", OVERLOADED, started, started + 10 + i);
        }
        assertThat(limit.bound("we_a")).isEqualTo(grown / 2);

        // an attempt started after that halving that fails too is a new overload
        long later = started + 1_000;
        limit.tryAcquire("we_a", later);
        limit.release("we_a", OVERLOADED, later, later + 10);
        assertThat(limit.bound("we_a")).isEqualTo(grown / 4);
    }

    @Test
    void shouldKeepTheWindowBetweenOneAndTheCeilingWhenAnswersOrOverloadsGoOnAndOn() {
        var limit = limit(6);
        answer(limit, "we_a", 1_000, FAST_ANSWER);
        assertThat(limit.bound("we_a")).isEqualTo(6);

        long t = T0;
        for (int i = 0; i < 20; i++) {
            t += 1_000;
            limit.tryAcquire("we_a", t);
            limit.release("we_a", OVERLOADED, t, t + 1);
        }
        assertThat(limit.bound("we_a"))
                .as("a failing endpoint still gets one attempt")
                .isEqualTo(1);
        assertThat(limit.inFlight("we_a")).isZero();
        assertThat(limit.endpoints())
                .as("its small window is remembered while it is idle")
                .isOne();
        assertThat(limit.tryAcquire("we_a", t + 10)).isTrue();
        assertThat(limit.tryAcquire("we_a", t + 10)).isFalse();
    }

    @Test
    void shouldRejectABoundBelowOneWhenCreated() {
        assertThatThrownBy(() -> limit(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
