package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.topic.WebhookRetryTopics;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * When the attempts of one delivery happen (docs/architecture.md, "Webhooks"): the configured delays, then one
 * retry every {@code every} as long as it falls within {@code retryFor} of the first attempt, then the dead-letter
 * topic. Delay {@code i} (0-based) is the wait before attempt {@code i + 2}, and the retry topic
 * {@code webhooks.deliveries-retry-i} holds the deliveries waiting for it ({@link RetryTopics}).
 */
public record RetrySchedule(List<Duration> delays) {

    public RetrySchedule {
        delays = List.copyOf(delays);
    }

    /**
     * With the defaults 5s,5m,30m,2h,5h,10h,10h / 12h / 3d: those seven, then 12h three times: 11 attempts. The
     * catalog expands it ({@link WebhookRetryTopics}), since the number of retry topics the topics step provisions
     * follows from it.
     */
    public static RetrySchedule of(List<Duration> first, Duration every, Duration retryFor) {
        return new RetrySchedule(WebhookRetryTopics.of(first, every, retryFor).delays());
    }

    /** The first attempt included. */
    public int maxAttempts() {
        return delays.size() + 1;
    }

    /** When attempt {@code attempt + 1} is due if {@code attempt} fails at {@code now}; null after the last. */
    public @Nullable Instant nextRetryAt(int attempt, Instant now) {
        return attempt >= 1 && attempt <= delays.size() ? now.plus(delays.get(attempt - 1)) : null;
    }

    public Duration longestDelay() {
        return delays.stream().max(Duration::compareTo).orElse(Duration.ZERO);
    }
}
