package io.abk.billing.gateway.platform.ratelimit;

/**
 * A token bucket: holds up to {@code capacity} tokens, refills {@code capacity} tokens per {@code periodNanos}
 * continuously, and each request takes one. A full bucket allows a burst of {@code capacity} requests. Time is
 * passed in (nanoseconds from any fixed origin), so the bucket is a pure function of its calls.
 */
final class TokenBucket {

    private final int capacity;
    private final double tokensPerNano;
    private double tokens;
    private long lastRefillNanos;

    TokenBucket(int capacity, long periodNanos, long nowNanos) {
        this.capacity = capacity;
        this.tokensPerNano = (double) capacity / periodNanos;
        this.tokens = capacity;
        this.lastRefillNanos = nowNanos;
    }

    /** Takes a token and returns 0, or returns how many nanoseconds until one is available (nothing taken). */
    synchronized long tryTake(long nowNanos) {
        refill(nowNanos);
        if (tokens >= 1) {
            tokens -= 1;
            return 0;
        }
        return (long) Math.ceil((1 - tokens) / tokensPerNano);
    }

    /** True when the bucket is full again at {@code nowNanos}: forgetting it then changes nothing. */
    synchronized boolean isFullAt(long nowNanos) {
        refill(nowNanos);
        return tokens >= capacity;
    }

    private void refill(long nowNanos) {
        long elapsed = nowNanos - lastRefillNanos;
        if (elapsed > 0) {
            tokens = Math.min(capacity, tokens + elapsed * tokensPerNano);
            lastRefillNanos = nowNanos;
        }
    }
}
