package io.abk.billing.gateway.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.platform.web.ApiError;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The token buckets with a pinned clock: bursts, refill, Retry-After, per-key isolation and bounded memory. */
class RateLimiterTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final RateLimiter limiter = new RateLimiter(3, Duration.ofSeconds(1), 100, nanos::get);

    @Test
    void shouldAllowABurstOfTheLimitThenRefuseWithTheTimeToTheNextToken() {
        assertThat(limiter.tryAcquire("k")).isNull();
        assertThat(limiter.tryAcquire("k")).isNull();
        assertThat(limiter.tryAcquire("k")).isNull();
        var wait = limiter.tryAcquire("k");
        assertThat(wait).isNotNull();
        // 3 tokens a second: the next one is a third of a second away.
        assertThat(wait.toMillis()).isBetween(333L, 334L);
    }

    @Test
    void shouldRefillContinuouslyWhenTimePasses() {
        for (int i = 0; i < 3; i++) {
            limiter.tryAcquire("k");
        }
        advance(Duration.ofMillis(334));
        assertThat(limiter.tryAcquire("k")).isNull();
        assertThat(limiter.tryAcquire("k")).isNotNull();
        advance(Duration.ofSeconds(10));
        // Never more than the capacity, however long the pause.
        assertThat(limiter.tryAcquire("k")).isNull();
        assertThat(limiter.tryAcquire("k")).isNull();
        assertThat(limiter.tryAcquire("k")).isNull();
        assertThat(limiter.tryAcquire("k")).isNotNull();
    }

    @Test
    void shouldKeepKeysApartWhenOneIsExhausted() {
        for (int i = 0; i < 4; i++) {
            limiter.tryAcquire("busy");
        }
        assertThat(limiter.tryAcquire("busy")).isNotNull();
        assertThat(limiter.tryAcquire("quiet")).isNull();
    }

    @Test
    void shouldForgetIdleBucketsWhenManyClientsCameAndWent() {
        for (int i = 0; i < 99; i++) {
            limiter.tryAcquire("client-" + i);
        }
        assertThat(limiter.bucketCount()).isEqualTo(99);
        advance(Duration.ofSeconds(2));
        // Reaching the bound sweeps: every old bucket has refilled, so all of them go.
        limiter.tryAcquire("client-99");
        limiter.tryAcquire("newcomer");
        assertThat(limiter.bucketCount()).isLessThanOrEqualTo(2);
    }

    @Test
    void shouldStayBoundedWhenAFloodOfClientsIsActiveAtOnce() {
        for (int i = 0; i < 1_000; i++) {
            limiter.tryAcquire("flood-" + i);
        }
        assertThat(limiter.bucketCount()).isLessThanOrEqualTo(100);
    }

    @Test
    void shouldRoundRetryAfterUpToWholeSecondsOfAtLeastOne() {
        var error = new ApiError(429, "rate_limited", "slow down", null, Duration.ofMillis(10), Map.of());
        assertThat(error.retryAfterSeconds()).isEqualTo(1);
        var longer = new ApiError(429, "rate_limited", "slow down", null, Duration.ofMillis(29_001), Map.of());
        assertThat(longer.retryAfterSeconds()).isEqualTo(30);
    }

    private void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }
}
