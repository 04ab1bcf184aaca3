package io.abk.billing.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.Mode;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The key cache bounds staleness by its TTL, forgets invalidated keys at once, and stays bounded in size. */
class ApiKeyCacheTest {

    private final AtomicLong nanos = new AtomicLong();
    private final ApiKeyCache cache = new ApiKeyCache(Duration.ofSeconds(5), nanos::get);

    @Test
    void shouldServeAnEntryUntilItsTtlRunsOut() {
        var key = key("key_a", "abk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
        cache.put(key);
        nanos.addAndGet(Duration.ofMillis(4_999).toNanos());
        assertThat(cache.get(key.keyHash())).isEqualTo(key);
        nanos.addAndGet(Duration.ofMillis(1).toNanos());
        assertThat(cache.get(key.keyHash())).isNull();
    }

    @Test
    void shouldForgetAKeyByIdWhenInvalidated() {
        var key = key("key_b", "abk_test_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
        cache.put(key);
        cache.invalidate("key_b");
        assertThat(cache.get(key.keyHash())).isNull();
    }

    @Test
    void shouldNeverHoldMoreThanItsBound() {
        for (int i = 0; i < ApiKeyCache.MAX_ENTRIES + 10; i++) {
            cache.put(key("key_" + i, "abk_test_%040d".formatted(i)));
        }
        assertThat(cache.size()).isLessThanOrEqualTo(ApiKeyCache.MAX_ENTRIES);
    }

    @Test
    void shouldCacheNothingWhenTtlIsZero() {
        var uncached = new ApiKeyCache(Duration.ZERO, nanos::get);
        var key = key("key_c", "abk_test_cccccccccccccccccccccccccccccccccccccccc");
        uncached.put(key);
        assertThat(uncached.get(key.keyHash())).isNull();
    }

    private static StoredApiKey key(String id, String secret) {
        return new StoredApiKey(id, "mer_x", Mode.TEST, ApiKeyFormat.hash(secret), ApiKeyFormat.hint(secret), Instant.EPOCH,
                null, null, null);
    }
}
