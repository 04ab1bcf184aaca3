package io.abk.billing.streams.subscription.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * When a failed charge is retried (docs/architecture.md, "Charge retries (dunning)"): after the n-th failed attempt the
 * next one is due {@code retryDelays[n-1]} after the failure; the attempt after the last delay is the last one, and its
 * failure makes the invoice uncollectible. Data, not code, so the schedule is configuration and tests can pin it.
 */
public record DunningPolicy(List<Duration> retryDelays) {

    /** 1 day, 2 days, 4 days: four attempts in a week, spread so a customer topping up a wallet gets time. */
    public static final DunningPolicy DEFAULT =
            new DunningPolicy(List.of(Duration.ofDays(1), Duration.ofDays(2), Duration.ofDays(4)));

    public DunningPolicy {
        retryDelays = List.copyOf(retryDelays);
        for (var delay : retryDelays) {
            if (!delay.isPositive()) {
                throw new IllegalArgumentException("a dunning retry delay must be positive, was " + delay);
            }
        }
    }

    /** How many attempts an invoice gets before it is uncollectible. */
    public int maxAttempts() {
        return retryDelays.size() + 1;
    }

    /**
     * When the next attempt is due after attempt {@code attemptCount} failed at {@code failedAt}; null when that
     * was the last attempt.
     */
    public @Nullable Instant nextAttemptAt(int attemptCount, Instant failedAt) {
        if (attemptCount < 1) {
            throw new IllegalArgumentException("attemptCount starts at 1, was " + attemptCount);
        }
        return attemptCount > retryDelays.size() ? null : failedAt.plus(retryDelays.get(attemptCount - 1));
    }

    /** True when attempt {@code attemptCount} was the last one the policy allows. */
    public boolean exhausted(int attemptCount) {
        return attemptCount >= maxAttempts();
    }
}
