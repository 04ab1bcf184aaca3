package io.abk.billing.chainrpc;

import java.time.Duration;

/**
 * How long one call may try: every URL in turn is a round; after a round that failed everywhere the client waits
 * {@code firstBackoff}, doubling each round up to {@code maxBackoff}, and gives up after {@code rounds} rounds or
 * once the next wait would end past {@code within} from the call's start, whichever comes first. Each request to one
 * URL ends after {@code callTimeout}.
 */
public record RpcBudget(Duration callTimeout, int rounds, Duration within, Duration firstBackoff, Duration maxBackoff) {

    /**
     * The chain follower's: 10 s per call, since a healthy provider answers a header batch or a 1,000-block
     * eth_getLogs in well under a second, so a call past 10 s is a stuck connection or a range too large, and waiting
     * longer only delays the failover. Four rounds with 0.5 s, 1 s, 2 s between them ride out a provider's brief outage
     * or rate limit (about 4 s plus the calls); past a minute the follower's own loop, which tries again after its poll
     * interval, is the better retry.
     */
    public static final RpcBudget FOLLOWER = new RpcBudget(
            Duration.ofSeconds(10), 4, Duration.ofMinutes(1), Duration.ofMillis(500), Duration.ofSeconds(5));

    /**
     * The relayer's call timeout: the 10 s read timeout its calls always had. A send or a batch of preflight reads
     * answers in milliseconds; one that does not is a stuck connection, better tried at the next URL.
     */
    static final Duration RELAYER_CALL_TIMEOUT = Duration.ofSeconds(10);
    /**
     * More rounds than waits of 200 ms doubling to 5 s fit in two minutes: time, not the count, bounds the relayer's
     * retries, and the count only stops a loop that time somehow would not.
     */
    static final int RELAYER_ROUNDS = 30;

    public RpcBudget {
        if (!callTimeout.isPositive()
                || rounds < 1
                || within.isNegative()
                || firstBackoff.isNegative()
                || maxBackoff.compareTo(firstBackoff) < 0) {
            throw new IllegalArgumentException("invalid RPC retry budget: " + callTimeout + ", " + rounds + ", "
                    + within + ", " + firstBackoff + ", " + maxBackoff);
        }
    }

    /**
     * The relayer's: transient failures are retried for {@code within} (a node restarting, a provider's brief outage)
     * before a request is answered as failed, starting 200 ms after the first round, a moment for a refused connection
     * to be accepted again.
     */
    public static RpcBudget relayer(Duration within) {
        return new RpcBudget(
                RELAYER_CALL_TIMEOUT, RELAYER_ROUNDS, within, Duration.ofMillis(200), Duration.ofSeconds(5));
    }

    /**
     * One round over the URLs and no wait: for a caller that answers an HTTP request, where a chain that no URL
     * answers is an answer to retry later (503), not a reason to keep the request waiting.
     */
    public static RpcBudget oneRound(Duration callTimeout) {
        return new RpcBudget(callTimeout, 1, callTimeout, Duration.ZERO, Duration.ZERO);
    }

    /** The wait after failed round {@code round} (1-based). */
    Duration backoffAfter(int round) {
        var backoff = firstBackoff.multipliedBy(1L << Math.min(round - 1, 20));
        return backoff.compareTo(maxBackoff) > 0 ? maxBackoff : backoff;
    }
}
