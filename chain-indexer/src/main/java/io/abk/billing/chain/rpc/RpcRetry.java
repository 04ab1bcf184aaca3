package io.abk.billing.chain.rpc;

import java.time.Duration;

/**
 * How a call is retried: every URL is tried in turn; after a round over all of them failed, the client waits
 * {@code firstBackoff}, doubling each round up to {@code maxBackoff}, for {@code rounds} rounds in all.
 */
public record RpcRetry(Duration callTimeout, int rounds, Duration firstBackoff, Duration maxBackoff) {

    /**
     * 10 s per call: a healthy provider answers a header batch or a 1,000-block eth_getLogs in well under a second,
     * so a call past 10 s is a stuck connection or a range too large, and waiting longer only delays the failover.
     * Four rounds with 0.5 s, 1 s, 2 s between them ride out a provider's brief outage or rate limit (about 4 s
     * plus the calls) before the follower's own loop takes over and tries again after its poll interval.
     */
    public static final RpcRetry DEFAULT =
            new RpcRetry(Duration.ofSeconds(10), 4, Duration.ofMillis(500), Duration.ofSeconds(5));

    public RpcRetry {
        if (!callTimeout.isPositive()
                || rounds < 1
                || firstBackoff.isNegative()
                || maxBackoff.compareTo(firstBackoff) < 0) {
            throw new IllegalArgumentException("invalid RPC retry settings: " + callTimeout + ", " + rounds + ", "
                    + firstBackoff + ", " + maxBackoff);
        }
    }

    /** The wait after failed round {@code round} (1-based). */
    Duration backoffAfter(int round) {
        var backoff = firstBackoff.multipliedBy(1L << Math.min(round - 1, 20));
        return backoff.compareTo(maxBackoff) > 0 ? maxBackoff : backoff;
    }
}
