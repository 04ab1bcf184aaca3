package io.abk.billing.gateway.platform.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** The cache bounds staleness by its TTL, forgets invalidated entries at once, and stays bounded in size. */
class ExpiringCacheTest {

    private static final int MAX = 100;
    private final AtomicLong nanos = new AtomicLong();
    private final ExpiringCache<String, String> cache = new ExpiringCache<>(Duration.ofSeconds(5), MAX, nanos::get);

    @Test
    void shouldServeAnEntryUntilItsTtlRunsOut() {
        cache.put("a", "value a");
        nanos.addAndGet(Duration.ofMillis(4_999).toNanos());
        assertThat(cache.get("a")).isEqualTo("value a");
        nanos.addAndGet(Duration.ofMillis(1).toNanos());
        assertThat(cache.get("a")).isNull();
    }

    @Test
    void shouldLoadOnceAndCacheOnlyFoundValuesWhenLoadingThroughIt() {
        var loads = new AtomicInteger();

        assertThat(cache.get("a", () -> Mono.fromSupplier(() -> "loaded " + loads.incrementAndGet()))
                        .block())
                .isEqualTo("loaded 1");
        assertThat(cache.get("a", () -> Mono.fromSupplier(() -> "loaded " + loads.incrementAndGet()))
                        .block())
                .isEqualTo("loaded 1");
        assertThat(cache.get("missing", Mono::<String>empty).block()).isNull();

        assertThat(cache.size()).as("misses are not cached").isEqualTo(1);
    }

    @Test
    void shouldForgetEntriesWhenInvalidatedByKeyOrByValue() {
        cache.put("a", "value a");
        cache.put("b", "value b");

        cache.invalidate("a");
        cache.invalidateIf(value -> value.endsWith("b"));

        assertThat(cache.get("a")).isNull();
        assertThat(cache.get("b")).isNull();
    }

    @Test
    void shouldNotKeepAValueLoadedWhileAnInvalidationRan() {
        // Protects the in-process invalidation: a read that started before a change must not re-cache the old row.
        var loaded = cache.get(
                        "a",
                        () -> Mono.fromSupplier(() -> {
                            cache.invalidate("a");
                            return "read before the change";
                        }))
                .block();

        assertThat(loaded).isEqualTo("read before the change");
        assertThat(cache.get("a")).isNull();
    }

    @Test
    void shouldNeverHoldMoreThanItsBound() {
        for (int i = 0; i < MAX + 10; i++) {
            cache.put("key " + i, "value " + i);
        }
        assertThat(cache.size()).isLessThanOrEqualTo(MAX);
    }

    @Test
    void shouldCacheNothingWhenTtlIsZero() {
        var uncached = new ExpiringCache<String, String>(Duration.ZERO, MAX, nanos::get);
        uncached.put("c", "value c");
        assertThat(uncached.get("c")).isNull();
    }
}
