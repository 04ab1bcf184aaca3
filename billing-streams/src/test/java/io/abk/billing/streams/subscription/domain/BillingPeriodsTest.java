package io.abk.billing.streams.subscription.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class BillingPeriodsTest {

    @ParameterizedTest(name = "{0} + {2} x {1} = {3}")
    @CsvSource({
        // Month-end anchors keep their day: never drift to the 28th after February.
        "2025-01-31T00:00:00Z, MONTH, 1, 2025-02-28T00:00:00Z",
        "2024-01-31T00:00:00Z, MONTH, 1, 2024-02-29T00:00:00Z",
        "2025-01-31T00:00:00Z, MONTH, 2, 2025-03-31T00:00:00Z",
        "2025-01-31T00:00:00Z, MONTH, 3, 2025-04-30T00:00:00Z",
        "2025-01-31T00:00:00Z, MONTH, 4, 2025-05-31T00:00:00Z",
        "2025-01-31T23:59:59Z, MONTH, 13, 2026-02-28T23:59:59Z",
        "2025-03-30T08:00:00Z, MONTH, 11, 2026-02-28T08:00:00Z",
        // Mid-month anchors step by whole months.
        "2025-01-15T12:30:00Z, MONTH, 1, 2025-02-15T12:30:00Z",
        "2025-01-15T12:30:00Z, MONTH, 12, 2026-01-15T12:30:00Z",
        "2025-11-20T06:00:00Z, MONTH, 3, 2026-02-20T06:00:00Z",
        // Feb 29 anchors: Feb 28 in common years, Feb 29 again in leap years.
        "2024-02-29T10:00:00Z, YEAR, 1, 2025-02-28T10:00:00Z",
        "2024-02-29T10:00:00Z, YEAR, 2, 2026-02-28T10:00:00Z",
        "2024-02-29T10:00:00Z, YEAR, 4, 2028-02-29T10:00:00Z",
        "2025-06-01T00:00:00Z, YEAR, 1, 2026-06-01T00:00:00Z",
        "2025-06-01T00:00:00Z, MONTH, 0, 2025-06-01T00:00:00Z"
    })
    void shouldCountPeriodEndsFromTheAnchorWhenAddingIntervals(
            Instant anchor, Interval interval, long n, Instant expected) {
        assertThat(BillingPeriods.periodEnd(anchor, interval, n)).isEqualTo(expected);
    }

    static Stream<Arguments> nextEnds() {
        return Stream.of(
                // Exactly on a period end: the next one.
                Arguments.of("2025-01-31T00:00:00Z", Interval.MONTH, "2025-02-28T00:00:00Z", "2025-03-31T00:00:00Z"),
                Arguments.of("2025-01-31T00:00:00Z", Interval.MONTH, "2025-02-28T00:00:01Z", "2025-03-31T00:00:00Z"),
                Arguments.of("2025-01-31T00:00:00Z", Interval.MONTH, "2025-03-30T23:59:59Z", "2025-03-31T00:00:00Z"),
                Arguments.of("2025-01-31T00:00:00Z", Interval.MONTH, "2025-01-31T00:00:00Z", "2025-02-28T00:00:00Z"),
                // Before the anchor (a trial): the anchor itself.
                Arguments.of("2025-02-14T09:00:00Z", Interval.MONTH, "2025-01-31T09:00:00Z", "2025-02-14T09:00:00Z"),
                Arguments.of("2024-02-29T00:00:00Z", Interval.YEAR, "2027-03-01T00:00:00Z", "2028-02-29T00:00:00Z"),
                Arguments.of("2024-02-29T00:00:00Z", Interval.YEAR, "2026-12-31T00:00:00Z", "2027-02-28T00:00:00Z"),
                Arguments.of("2025-05-31T00:00:00Z", Interval.MONTH, "2027-09-30T12:00:00Z", "2027-10-31T00:00:00Z"));
    }

    @ParameterizedTest(name = "anchor {0} ({1}) after {2} -> {3}")
    @MethodSource("nextEnds")
    void shouldFindFirstPeriodEndStrictlyAfterInstantWhenAskedForNextEnd(
            String anchor, Interval interval, String after, String expected) {
        assertThat(BillingPeriods.nextPeriodEndAfter(Instant.parse(anchor), interval, Instant.parse(after)))
                .isEqualTo(Instant.parse(expected));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"2025-01-31T00:00:00Z", "2024-01-31T00:00:00Z", "2025-08-31T18:45:00Z"})
    void shouldReturnToAnchorDayAfterShortMonthWhenStepping(Instant anchor) {
        var end = anchor;
        for (int n = 1; n <= 24; n++) {
            var next = BillingPeriods.nextPeriodEndAfter(anchor, Interval.MONTH, end);
            assertThat(next).isEqualTo(BillingPeriods.periodEnd(anchor, Interval.MONTH, n));
            end = next;
        }
        // Two years of monthly steps land exactly on the anchor's day and time again.
        assertThat(end).isEqualTo(BillingPeriods.periodEnd(anchor, Interval.YEAR, 2));
    }
}
