package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.schemas.topic.WebhookRetryTopics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

class DeferralsTest {

    private static final Deferrals DEFERRALS =
            new Deferrals(new RetryTopics(new RetrySchedule(List.of()), Deployment.DEFAULT));
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final byte[] VALUE = {1, 2, 3, 42};

    @Test
    void shouldSendAMainTopicDeliveryToRetryTopicZeroAsAttemptOneDueInASecondWhenDeferred() {
        var record = record(Topics.WEBHOOK_DELIVERIES.name(Deployment.DEFAULT), new RecordHeaders());

        var copy = DEFERRALS.copy(record, 1, NOW);

        assertThat(copy.topic()).isEqualTo(WebhookRetryTopics.retry(Deployment.DEFAULT, 0));
        assertThat(copy.key()).isEqualTo("we_1");
        assertThat(copy.value()).isEqualTo(VALUE);
        assertThat(DeliveryHeaders.attempt(copy.headers())).isEqualTo(1);
        assertThat(DeliveryHeaders.dueAt(copy.headers()))
                .isEqualTo(NOW.plus(Deferrals.DELAY))
                .isEqualTo(NOW.plusSeconds(1));
    }

    @Test
    void shouldKeepTheAttemptNumberAndOtherHeadersAndMoveOnlyTheDueTimeWhenARetryIsDeferred() {
        // Protects the attempt count: a deferral is not an attempt, so attempt 4 stays attempt 4.
        var headers = new RecordHeaders();
        DeliveryHeaders.forward(headers, 4, NOW.minus(Duration.ofMinutes(30)));
        headers.add("traceparent", "00-abc-def-01".getBytes(StandardCharsets.UTF_8));
        var record = record(WebhookRetryTopics.retry(Deployment.DEFAULT, 2), headers);

        var copy = DEFERRALS.copy(record, DeliveryHeaders.attempt(record.headers()), NOW);

        assertThat(DeliveryHeaders.attempt(copy.headers())).isEqualTo(4);
        assertThat(DeliveryHeaders.dueAt(copy.headers())).isEqualTo(NOW.plus(Deferrals.DELAY));
        assertThat(copy.headers().headers(DeliveryHeaders.ATTEMPT)).hasSize(1);
        assertThat(copy.headers().headers(DeliveryHeaders.DUE_AT)).hasSize(1);
        assertThat(copy.headers().lastHeader("traceparent").value())
                .isEqualTo("00-abc-def-01".getBytes(StandardCharsets.UTF_8));
        assertThat(record.headers().lastHeader(DeliveryHeaders.DUE_AT))
                .as("the record read is left as it was")
                .isEqualTo(headers.lastHeader(DeliveryHeaders.DUE_AT));
    }

    @Test
    void shouldWaitOnRetryTopicZeroWhateverTopicItCameFromWhenDeferred() {
        // A copy appended to a long-delay topic would wait behind records due hours later; retry 0 bounds the wait.
        for (var from : List.of(
                Topics.WEBHOOK_DELIVERIES.name(Deployment.DEFAULT),
                WebhookRetryTopics.retry(Deployment.DEFAULT, 0),
                WebhookRetryTopics.retry(Deployment.DEFAULT, 6))) {
            assertThat(DEFERRALS.copy(record(from, new RecordHeaders()), 1, NOW).topic())
                    .as(from)
                    .isEqualTo(WebhookRetryTopics.retry(Deployment.DEFAULT, 0));
        }
    }

    @Test
    void shouldStillCreateAndReadRetryTopicZeroWhenNoRetryIsScheduled() {
        var topics = new RetryTopics(new RetrySchedule(List.of()), Deployment.DEFAULT);

        assertThat(topics.owned())
                .containsExactly(
                        WebhookRetryTopics.retry(Deployment.DEFAULT, 0),
                        WebhookRetryTopics.deadLetters(Deployment.DEFAULT));
        assertThat(topics.stages())
                .containsExactly(
                        Topics.WEBHOOK_DELIVERIES.name(Deployment.DEFAULT),
                        WebhookRetryTopics.retry(Deployment.DEFAULT, 0));
        assertThat(topics.after(1))
                .as("a deferred attempt 1 that fails is spent")
                .isEqualTo(WebhookRetryTopics.deadLetters(Deployment.DEFAULT));
    }

    private static ConsumerRecord<String, byte[]> record(String topic, RecordHeaders headers) {
        return new ConsumerRecord<>(
                topic,
                0,
                7L,
                0L,
                TimestampType.CREATE_TIME,
                4,
                VALUE.length,
                "we_1",
                VALUE,
                headers,
                java.util.Optional.empty());
    }
}
