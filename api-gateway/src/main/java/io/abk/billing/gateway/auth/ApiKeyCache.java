package io.abk.billing.gateway.auth;

import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A short-lived, bounded, in-process cache of looked-up keys by hash, so a busy key costs one query per
 * {@code ttl} instead of one per request. Rotation and revocation invalidate here at once; other replicas
 * see them when their entry's {@code ttl} runs out, which bounds the staleness across replicas. Only found
 * keys are cached: unknown hashes would let anyone fill the cache. Expiry is not cached state: it is checked
 * against the clock on every request.
 */
final class ApiKeyCache {

    /** Far above the keys one replica serves within a few seconds; past it the cache starts over. */
    static final int MAX_ENTRIES = 10_000;

    private record Entry(StoredApiKey key, long loadedAtNanos) {
    }

    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
    private final long ttlNanos;
    private final LongSupplier nanoTime;

    ApiKeyCache(Duration ttl, LongSupplier nanoTime) {
        this.ttlNanos = ttl.toNanos();
        this.nanoTime = nanoTime;
    }

    @Nullable StoredApiKey get(byte[] hash) {
        if (ttlNanos == 0) {
            return null;
        }
        var entry = entries.get(HexFormat.of().formatHex(hash));
        if (entry == null) {
            return null;
        }
        if (nanoTime.getAsLong() - entry.loadedAtNanos() >= ttlNanos) {
            entries.remove(HexFormat.of().formatHex(hash), entry);
            return null;
        }
        return entry.key();
    }

    void put(StoredApiKey key) {
        if (ttlNanos == 0) {
            return;
        }
        if (entries.size() >= MAX_ENTRIES) {
            evictStale();
            if (entries.size() >= MAX_ENTRIES) {
                entries.clear();
            }
        }
        entries.put(HexFormat.of().formatHex(key.keyHash()), new Entry(key, nanoTime.getAsLong()));
    }

    /** Forgets a key by id (after rotating or revoking it in this process). */
    void invalidate(String keyId) {
        entries.values().removeIf(entry -> entry.key().id().equals(keyId));
    }

    int size() {
        return entries.size();
    }

    private void evictStale() {
        long now = nanoTime.getAsLong();
        entries.values().removeIf(entry -> now - entry.loadedAtNanos() >= ttlNanos);
    }
}
