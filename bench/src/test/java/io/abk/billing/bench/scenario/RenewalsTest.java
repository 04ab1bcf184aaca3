package io.abk.billing.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RenewalsTest {

    @ParameterizedTest
    @CsvSource({
        // a 28-day February, a 31-day month, a 30-day month, and a 31st clamped to February's last day
        "2027-02-01T09:30:00Z, 28",
        "2027-03-01T00:00:00Z, 31",
        "2027-04-15T23:59:59Z, 30",
        "2027-01-31T12:00:00Z, 28"
    })
    void shouldStopTheFirstMoveAnHourBeforeTheMonthlyPeriodEnds(Instant start, long periodDays) {
        long seconds = Renewals.secondsToBeforePeriodEnd(start);

        assertThat(Duration.ofSeconds(seconds))
                .isEqualTo(Duration.ofDays(periodDays).minusHours(1));
        // the renewal day's move then crosses every first period's end, and no second one's
        assertThat(Renewals.ADVANCE_SECONDS)
                .isGreaterThan(seconds + Duration.ofHours(1).toSeconds());
    }
}
