package io.abk.billing.gateway.platform.cache;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * A short-lived, bounded, in-process cache: a busy row costs one query per {@code ttl} instead of one per request.
 * What this process changes it invalidates here at once; other replicas see the change when their entry's
 * {@code ttl} runs out, which bounds the staleness across replicas. Only found values are cached (caching misses
 * would let any caller fill the cache with made-up keys). Past {@code maxEntries} it drops its stale entries, and
 * starts over if that is not enough. A {@code ttl} of zero caches nothing.
 */
public final class ExpiringCache<K, V> {

    private record Entry<V>(V value, long loadedAtNanos) {}

    private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
    /** Counts invalidations, so a value loaded while one ran (it may predate the change) is not kept. */
    private final AtomicLong invalidations = new AtomicLong();

    private final long ttlNanos;
    private final int maxEntries;
    private final LongSupplier nanoTime;

    public ExpiringCache(Duration ttl, int maxEntries, LongSupplier nanoTime) {
        if (ttl.isNegative() || maxEntries < 1) {
            throw new IllegalArgumentException(
                    "ttl must not be negative and maxEntries positive, got " + ttl + " and " + maxEntries);
        }
        this.ttlNanos = ttl.toNanos();
        this.maxEntries = maxEntries;
        this.nanoTime = nanoTime;
    }

    /** The cached value, else {@code load}'s (kept when found). */
    public Mono<V> get(K key, Supplier<Mono<V>> load) {
        var cached = get(key);
        if (cached != null) {
            return Mono.just(cached);
        }
        return Mono.defer(() -> {
            long before = invalidations.get();
            return load.get().doOnNext(value -> putUnlessInvalidatedSince(key, value, before));
        });
    }

    public @Nullable V get(K key) {
        if (ttlNanos == 0) {
            return null;
        }
        var entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (nanoTime.getAsLong() - entry.loadedAtNanos() >= ttlNanos) {
            entries.remove(key, entry);
            return null;
        }
        return entry.value();
    }

    public void put(K key, V value) {
        putUnlessInvalidatedSince(key, value, invalidations.get());
    }

    /** Forgets one key (after this process changed what it maps to). */
    public void invalidate(K key) {
        invalidations.incrementAndGet();
        entries.remove(key);
    }

    /** Forgets every value that matches (after this process changed them). */
    public void invalidateIf(Predicate<V> matches) {
        invalidations.incrementAndGet();
        entries.values().removeIf(entry -> matches.test(entry.value()));
    }

    public int size() {
        return entries.size();
    }

    private void putUnlessInvalidatedSince(K key, V value, long invalidationsBefore) {
        if (ttlNanos == 0) {
            return;
        }
        if (entries.size() >= maxEntries) {
            evictStale();
            if (entries.size() >= maxEntries) {
                entries.clear();
            }
        }
        // Checked under the key's lock: an invalidation counts first and removes after, so either it sees this
        // entry and removes it, or this sees its count and keeps nothing.
        entries.compute(
                key,
                (k, current) -> invalidations.get() == invalidationsBefore
                        ? new Entry<>(value, nanoTime.getAsLong())
                        : current);
    }

    private void evictStale() {
        long now = nanoTime.getAsLong();
        entries.values().removeIf(entry -> now - entry.loadedAtNanos() >= ttlNanos);
    }
}
