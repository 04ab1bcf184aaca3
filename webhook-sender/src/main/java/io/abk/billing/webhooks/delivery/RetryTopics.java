package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.schemas.topic.WebhookRetryTopics;
import java.util.ArrayList;
import java.util.List;

/**
 * The topics a delivery moves through: {@code webhooks.deliveries} for attempt 1, {@code webhooks.deliveries-retry-<i>}
 * for attempt {@code i + 2} (each holds the deliveries waiting for one delay of the schedule, so a topic's records
 * come due in the order they arrived), and {@code webhooks.deliveries-dlt} once the schedule is spent. Retry topic 0
 * exists even with no retries scheduled: deferred deliveries wait there ({@link Deferrals}). Each as {@code deployment}
 * names it.
 */
public record RetryTopics(RetrySchedule schedule, Deployment deployment) {

    public String main() {
        return Topics.WEBHOOK_DELIVERIES.name(deployment);
    }

    public String retry(int index) {
        return WebhookRetryTopics.retry(deployment, index);
    }

    public String deadLetters() {
        return WebhookRetryTopics.deadLetters(deployment);
    }

    /** Where a delivery goes after attempt {@code attempt} failed: the next retry topic, or the dead letters. */
    public String after(int attempt) {
        return attempt < schedule.maxAttempts() ? retry(attempt - 1) : deadLetters();
    }

    /**
     * The retry topics and the dead-letter topic (their number follows the schedule), which the topics step
     * provisions and the sender checks at start.
     */
    public List<String> owned() {
        return new WebhookRetryTopics(schedule.delays())
                .topics().stream().map(topic -> topic.name(deployment)).toList();
    }

    /** Every topic an attempt is read from: the main topic, then the retry topics in order. */
    public List<String> stages() {
        var names = new ArrayList<String>();
        names.add(main());
        for (int i = 0; i < retryTopics(); i++) {
            names.add(retry(i));
        }
        return names;
    }

    private int retryTopics() {
        return new WebhookRetryTopics(schedule.delays()).retryTopicCount();
    }
}
