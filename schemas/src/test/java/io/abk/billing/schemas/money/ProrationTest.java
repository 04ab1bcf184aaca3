package io.abk.billing.schemas.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProrationTest {

    @ParameterizedTest(name = "{0} micros over {1} .. {2} at {3}: {4}")
    @CsvSource({
        // amount, period start, period end, change at, expected share left
        // January (31 days) half gone: exactly half.
        "10000000, 2026-01-01T00:00:00Z, 2026-02-01T00:00:00Z, 2026-01-16T12:00:00Z, 5000000",
        // February of a common year (28 days), one week left: 10 * 7/28.
        "10000000, 2027-02-01T00:00:00Z, 2027-03-01T00:00:00Z, 2027-02-22T00:00:00Z, 2500000",
        // February of a leap year (29 days), one week left: 10 * 7/29 = 2.413793103.. rounds down.
        "10000000, 2028-02-01T00:00:00Z, 2028-03-01T00:00:00Z, 2028-02-23T00:00:00Z, 2413793",
        // Anchored on the 31st: Jan 31 .. Feb 29 2028 (29 days), one day left: 10/29 = 0.344827586.. rounds up.
        "10000000, 2028-01-31T00:00:00Z, 2028-02-29T00:00:00Z, 2028-02-28T00:00:00Z, 344828",
        // Feb 29 .. Mar 31 2028 (31 days), 30 days left.
        "31000000, 2028-02-29T00:00:00Z, 2028-03-31T00:00:00Z, 2028-03-01T00:00:00Z, 30000000",
        // The first second: a change at the start prorates the whole period.
        "9990000, 2026-03-01T00:00:00Z, 2026-04-01T00:00:00Z, 2026-03-01T00:00:00Z, 9990000",
        // One second in: 9.99 * (2678400 - 1) / 2678400 = 9989996.27.. rounds to 9989996.
        "9990000, 2026-03-01T00:00:00Z, 2026-04-01T00:00:00Z, 2026-03-01T00:00:01Z, 9989996",
        // Within the first second: the fraction of a second left of the period's end does not count.
        "9990000, 2026-03-01T00:00:00Z, 2026-04-01T00:00:00Z, 2026-03-01T00:00:00.400Z, 9989996",
        // The last second: one second of 2678400 left of 9.99 USDC is 3.7 micro-USDC, rounds to 4.
        "9990000, 2026-03-01T00:00:00Z, 2026-04-01T00:00:00Z, 2026-03-31T23:59:59Z, 4",
        // Within the last second: nothing whole is left.
        "9990000, 2026-03-01T00:00:00Z, 2026-04-01T00:00:00Z, 2026-03-31T23:59:59.500Z, 0",
        // At or after the end: nothing (the renewal is due).
        "9990000, 2026-03-01T00:00:00Z, 2026-04-01T00:00:00Z, 2026-04-01T00:00:00Z, 0",
        "9990000, 2026-03-01T00:00:00Z, 2026-04-01T00:00:00Z, 2026-05-01T00:00:00Z, 0",
        // Before the start (a change made while the period had not begun): the whole amount.
        "9990000, 2026-03-01T00:00:00Z, 2026-04-01T00:00:00Z, 2026-02-01T00:00:00Z, 9990000",
        // A half micro rounds away from zero: 1 micro, half the period left.
        "1, 2026-01-01T00:00:00Z, 2026-01-01T00:00:02Z, 2026-01-01T00:00:01Z, 1",
        "-1, 2026-01-01T00:00:00Z, 2026-01-01T00:00:02Z, 2026-01-01T00:00:01Z, -1",
        "3, 2026-01-01T00:00:00Z, 2026-01-01T00:00:04Z, 2026-01-01T00:00:01Z, 2", // 2.25
        // A yearly period over a leap day (366 days), one day left of 1e9 USDC: no overflow.
        "1000000000000000, 2028-01-01T00:00:00Z, 2029-01-01T00:00:00Z, 2028-12-31T00:00:00Z, 2732240437158",
    })
    void leavesTheRoundedShareOfWholeSecondsLeft(long amount, Instant start, Instant end, Instant at, long expected) {
        assertThat(Proration.remainingMicros(amount, start, end, at)).isEqualTo(expected);
    }

    @Test
    void describesBothLinesWithTheAmountAsTheApiWritesIt() {
        assertThat(Proration.unusedTime(10_000_000, "month")).isEqualTo("Unused time on 10 USDC per month");
        assertThat(Proration.remainingTime(9_990_000, "year")).isEqualTo("Remaining time on 9.99 USDC per year");
    }

    @Test
    void shouldCreditTheOldAndChargeTheNewAmountForTheTimeLeft() {
        var start = Instant.parse("2027-02-01T00:00:00Z");
        var end = Instant.parse("2027-03-01T00:00:00Z");
        var lines = Proration.lines(10_000_000, 25_000_000, start, end, Instant.parse("2027-02-15T00:00:00Z"));
        assertThat(lines.unusedMicros()).isEqualTo(-5_000_000);
        assertThat(lines.remainingMicros()).isEqualTo(12_500_000);
        assertThat(lines.netMicros()).isEqualTo(7_500_000);
    }

    /** Protects against rounding the net of a change instead of each line: a change and its undo would leave cents. */
    @Test
    void shouldCancelExactlyWhenAChangeAndItsReverseAreMadeAtTheSameInstant() {
        var random = new Random(20261201L);
        var start = Instant.parse("2028-01-31T00:00:00Z");
        var end = Instant.parse("2028-02-29T00:00:00Z");
        var seconds = end.getEpochSecond() - start.getEpochSecond();
        for (var i = 0; i < 2_000; i++) {
            var a = 1 + random.nextLong(1_000_000_000_000L);
            var b = 1 + random.nextLong(1_000_000_000_000L);
            var at = start.plusMillis(random.nextLong(seconds * 1000));
            var there = Proration.lines(a, b, start, end, at);
            var back = Proration.lines(b, a, start, end, at);
            assertThat(there.netMicros() + back.netMicros())
                    .as("%d <-> %d at %s", a, b, at)
                    .isZero();
            // Each line is within half a micro of the exact share, so never more than the amount itself.
            assertThat(there.remainingMicros()).isBetween(0L, b);
            assertThat(-there.unusedMicros()).isBetween(0L, a);
        }
    }

    /** Several changes in one period: A -> B -> C nets what A -> C would, give or take each line's rounding. */
    @Test
    void shouldAddUpSeveralChangesInOnePeriodLineByLine() {
        var start = Instant.parse("2026-01-31T00:00:00Z");
        var end = Instant.parse("2026-02-28T00:00:00Z");
        var first = Proration.lines(10_000_000, 20_000_000, start, end, Instant.parse("2026-02-07T00:00:00Z"));
        var second = Proration.lines(20_000_000, 5_000_000, start, end, Instant.parse("2026-02-21T00:00:00Z"));
        // 28 days; 21 then 7 left: -7.5 + 15, then -5 + 1.25.
        assertThat(first).isEqualTo(new Proration.Lines(-7_500_000, 15_000_000));
        assertThat(second).isEqualTo(new Proration.Lines(-5_000_000, 1_250_000));
        assertThat(first.netMicros() + second.netMicros()).isEqualTo(3_750_000);
    }

    @Test
    void refusesAPeriodThatDoesNotEndAfterItStarts() {
        var at = Instant.parse("2026-01-01T00:00:00Z");
        assertThatThrownBy(() -> Proration.remainingMicros(1, at, at, at)).isInstanceOf(IllegalArgumentException.class);
    }
}
