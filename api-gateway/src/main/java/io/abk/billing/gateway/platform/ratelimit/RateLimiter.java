package io.abk.billing.gateway.platform.ratelimit;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Token buckets by key (an API key id, a client IP), {@code limit} requests per {@code period} each, in this
 * process's memory: with N gateway replicas behind a balancer a client gets up to N times the limit, which is
 * the accepted price of not sharing state on every request. Memory is bounded: a bucket that has refilled
 * completely is dropped (it is the same as a new one), swept every {@link #SWEEP_EVERY} calls or when more than
 * {@code maxBuckets} exist; if a sweep cannot get below the bound (a flood of distinct IPs inside one period),
 * all buckets are dropped, which errs towards letting requests through rather than refusing new clients.
 */
public final class RateLimiter {

    static final int SWEEP_EVERY = 4096;

    private final int limit;
    private final long periodNanos;
    private final int maxBuckets;
    private final LongSupplier nanoTime;
    private final ConcurrentHashMap<String, TokenBucket> buckets = new ConcurrentHashMap<>();
    private final AtomicLong calls = new AtomicLong();

    public RateLimiter(int limit, Duration period, int maxBuckets, LongSupplier nanoTime) {
        if (limit < 1 || period.isNegative() || period.isZero() || maxBuckets < 1) {
            throw new IllegalArgumentException("a rate limit needs limit >= 1, a positive period and maxBuckets >= 1");
        }
        this.limit = limit;
        this.periodNanos = period.toNanos();
        this.maxBuckets = maxBuckets;
        this.nanoTime = nanoTime;
    }

    /** Counts one request for {@code key}: null when allowed, else how long until the next one would be. */
    public @Nullable Duration tryAcquire(String key) {
        long now = nanoTime.getAsLong();
        if (calls.incrementAndGet() % SWEEP_EVERY == 0 || buckets.size() >= maxBuckets) {
            sweep(now);
        }
        long wait = buckets.computeIfAbsent(key, k -> new TokenBucket(limit, periodNanos, now))
                .tryTake(now);
        return wait == 0 ? null : Duration.ofNanos(wait);
    }

    int bucketCount() {
        return buckets.size();
    }

    private void sweep(long now) {
        buckets.values().removeIf(bucket -> bucket.isFullAt(now));
        if (buckets.size() >= maxBuckets) {
            buckets.clear();
        }
    }
}
