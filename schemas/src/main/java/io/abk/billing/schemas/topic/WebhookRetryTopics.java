package io.abk.billing.schemas.topic;

import io.abk.billing.schemas.avro.WebhookDelivery;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The retry topics of webhook deliveries and their dead-letter topic, which follow the retry schedule
 * (docs/architecture.md, "Webhook retry topics"): retry topic {@code i} ({@code webhooks.deliveries-retry-<i>}) holds
 * the deliveries waiting for the schedule's delay {@code i}, so its records come due in the order they arrived, and
 * {@code webhooks.deliveries-dlt} holds those whose schedule is spent. The schedule is configuration, so this is where
 * the catalog turns it into topics: the topics step provisions them and the webhook sender reads and writes them.
 *
 * @param delays the wait before each retry, in order: delay {@code i} comes before attempt {@code i + 2}
 */
public record WebhookRetryTopics(List<Duration> delays) {

    /** A record may wait on a retry topic as long as its delay; a week on top covers an outage of the sender. */
    static final Duration RETENTION_MARGIN = Duration.ofDays(7);

    private static final String DEAD_LETTERS_BASE_NAME =
            Topics.WEBHOOK_DELIVERIES.baseName() + Topics.WEBHOOK_DELIVERIES_DLT_SUFFIX;

    public WebhookRetryTopics {
        delays = List.copyOf(delays);
    }

    /**
     * The schedule {@code first}, then one retry every {@code every} as long as it falls within {@code retryFor} of
     * the first attempt. With the defaults 5s,5m,30m,2h,5h,10h,10h / 12h / 3d: those seven, then 12h three times.
     */
    public static WebhookRetryTopics of(List<Duration> first, Duration every, Duration retryFor) {
        if (every.isNegative() || every.isZero()) {
            throw new IllegalArgumentException("the repeated retry delay must be positive, was " + every);
        }
        var delays = new ArrayList<>(first);
        var elapsed = first.stream().reduce(Duration.ZERO, Duration::plus);
        while (elapsed.plus(every).compareTo(retryFor) <= 0) {
            delays.add(every);
            elapsed = elapsed.plus(every);
        }
        return new WebhookRetryTopics(delays);
    }

    /** The name of retry topic {@code index} in {@code deployment}. */
    public static String retry(Deployment deployment, int index) {
        return deployment.name(retryBaseName(index));
    }

    /** The name of the dead-letter topic in {@code deployment}. */
    public static String deadLetters(Deployment deployment) {
        return deployment.name(DEAD_LETTERS_BASE_NAME);
    }

    private static String retryBaseName(int index) {
        return Topics.WEBHOOK_DELIVERIES.baseName() + Topics.WEBHOOK_DELIVERIES_RETRY_SUFFIX + "-" + index;
    }

    /**
     * How many retry topics there are: one per delay, and at least one, because deliveries deferred from a slow
     * endpoint wait on retry topic 0 even when no retries are scheduled.
     */
    public int retryTopicCount() {
        return Math.max(1, delays.size());
    }

    /** The retry topics in order, then the dead-letter topic, declared like the catalog's own topics. */
    public List<Topic<String, WebhookDelivery>> topics() {
        var retention =
                delays.stream().max(Duration::compareTo).orElse(Duration.ZERO).plus(RETENTION_MARGIN);
        var declared = new ArrayList<Topic<String, WebhookDelivery>>();
        for (int i = 0; i < retryTopicCount(); i++) {
            declared.add(declare(retryBaseName(i), retention, "webhook-sender (failed and deferred attempts)"));
        }
        declared.add(declare(DEAD_LETTERS_BASE_NAME, retention, "webhook-sender (deliveries whose retries are spent)"));
        return List.copyOf(declared);
    }

    private static Topic<String, WebhookDelivery> declare(String baseName, Duration retention, String writer) {
        var main = Topics.WEBHOOK_DELIVERIES;
        return new Topic<>(
                baseName,
                main.keySerde(),
                main.valueSerde(),
                Topic.Cleanup.DELETE,
                retention,
                writer,
                "webhook-sender");
    }
}
