package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.topic.Deployment;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void shouldMakeElevenAttemptsWhenTheScheduleIsDesignsDefault() {
        var schedule = RetrySchedule.of(
                List.of(
                        Duration.ofSeconds(5),
                        Duration.ofMinutes(5),
                        Duration.ofMinutes(30),
                        Duration.ofHours(2),
                        Duration.ofHours(5),
                        Duration.ofHours(10),
                        Duration.ofHours(10)),
                Duration.ofHours(12),
                Duration.ofDays(3));

        assertThat(schedule.maxAttempts()).isEqualTo(11);
        assertThat(schedule.delays())
                .containsExactly(
                        Duration.ofSeconds(5),
                        Duration.ofMinutes(5),
                        Duration.ofMinutes(30),
                        Duration.ofHours(2),
                        Duration.ofHours(5),
                        Duration.ofHours(10),
                        Duration.ofHours(10),
                        Duration.ofHours(12),
                        Duration.ofHours(12),
                        Duration.ofHours(12));
    }

    @Test
    void shouldAddNoPeriodicRetryWhenTheFirstDelaysAlreadyFillTheWindow() {
        var schedule = RetrySchedule.of(List.of(Duration.ofSeconds(10)), Duration.ofSeconds(5), Duration.ofSeconds(12));

        assertThat(schedule.delays()).containsExactly(Duration.ofSeconds(10));
    }

    @Test
    void shouldGiveTheNextRetryTimeUntilTheLastAttemptWhenAttemptsFail() {
        var schedule = RetrySchedule.of(
                List.of(Duration.ofSeconds(1), Duration.ofSeconds(2)), Duration.ofSeconds(3), Duration.ofSeconds(6));

        assertThat(schedule.nextRetryAt(1, NOW)).isEqualTo(NOW.plusSeconds(1));
        assertThat(schedule.nextRetryAt(2, NOW)).isEqualTo(NOW.plusSeconds(2));
        assertThat(schedule.nextRetryAt(3, NOW)).isEqualTo(NOW.plusSeconds(3));
        assertThat(schedule.nextRetryAt(4, NOW)).as("the last attempt").isNull();
    }

    @Test
    void shouldRouteAFailedAttemptToTheRetryTopicOfItsNextDelayThenToTheDeadLettersWhenTheScheduleIsSpent() {
        var topics = new RetryTopics(
                new RetrySchedule(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2))), Deployment.DEFAULT);

        assertThat(topics.after(1)).isEqualTo("webhooks.deliveries-retry-0");
        assertThat(topics.after(2)).isEqualTo("webhooks.deliveries-retry-1");
        assertThat(topics.after(3)).isEqualTo("webhooks.deliveries-dlt");
        assertThat(topics.stages())
                .containsExactly("webhooks.deliveries", "webhooks.deliveries-retry-0", "webhooks.deliveries-retry-1");
        assertThat(topics.owned())
                .containsExactly(
                        "webhooks.deliveries-retry-0", "webhooks.deliveries-retry-1", "webhooks.deliveries-dlt");
    }
}
