package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.backoff.BackOffExecution;

class RetryScheduleTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void shouldMakeElevenAttemptsWhenTheScheduleIsDesignsDefault() {
        var schedule = RetrySchedule.of(List.of(Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10), Duration.ofHours(10)), Duration.ofHours(12), Duration.ofDays(3));

        assertThat(schedule.maxAttempts()).isEqualTo(11);
        assertThat(schedule.delays()).containsExactly(Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10), Duration.ofHours(10),
                Duration.ofHours(12), Duration.ofHours(12), Duration.ofHours(12));
    }

    @Test
    void shouldAddNoPeriodicRetryWhenTheFirstDelaysAlreadyFillTheWindow() {
        var schedule = RetrySchedule.of(List.of(Duration.ofSeconds(10)), Duration.ofSeconds(5), Duration.ofSeconds(12));

        assertThat(schedule.delays()).containsExactly(Duration.ofSeconds(10));
    }

    @Test
    void shouldGiveTheNextRetryTimeUntilTheLastAttemptWhenAttemptsFail() {
        var schedule = RetrySchedule.of(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2)), Duration.ofSeconds(3), Duration.ofSeconds(6));

        assertThat(schedule.nextRetryAt(1, NOW)).isEqualTo(NOW.plusSeconds(1));
        assertThat(schedule.nextRetryAt(2, NOW)).isEqualTo(NOW.plusSeconds(2));
        assertThat(schedule.nextRetryAt(3, NOW)).isEqualTo(NOW.plusSeconds(3));
        assertThat(schedule.nextRetryAt(4, NOW)).as("the last attempt").isNull();
    }

    @Test
    void shouldHandSpringKafkaOneValuePerRetryTopicWhenItReadsTheBackOff() {
        var schedule = new RetrySchedule(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2)));
        var execution = schedule.backOff().start();

        var values = new ArrayList<Long>();
        for (int i = 0; i < 3; i++) {
            values.add(execution.nextBackOff());
        }

        assertThat(values).containsExactly(1_000L, 2_000L, BackOffExecution.STOP);
    }
}
