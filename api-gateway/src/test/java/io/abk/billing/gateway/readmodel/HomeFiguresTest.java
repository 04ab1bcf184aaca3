package io.abk.billing.gateway.readmodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The home page's monthly recurring revenue rule, per interval, in micro-USDC. */
class HomeFiguresTest {

    @ParameterizedTest(name = "month {0} + year {1} -> {2}")
    @CsvSource({
        // a month's amount counts whole
        "9990000, 0, 9990000",
        // a year's counts a twelfth: 120 USDC a year is 10 USDC a month
        "0, 120000000, 10000000",
        // a twelfth rounds down to the micro-USDC: 100 USDC a year is 8.333333 a month
        "0, 100000000, 8333333",
        // the twelfth is of the sum, so roundings do not add up: 3 x 1 micro-USDC a year is still 0, 12 x 1 is 1
        "0, 3, 0",
        "0, 12, 1",
        "10500000, 100000000, 18833333",
        "0, 0, 0"
    })
    void shouldCountAMonthWholeAndAYearAsATwelfthOfTheSumRoundedDown(long month, long year, long expected) {
        assertThat(HomeFigures.monthlyRecurringMicros(Map.of("month", month, "year", year)))
                .isEqualTo(expected);
    }

    @Test
    void shouldCountNothingWhenNoSubscriptionIsActive() {
        assertThat(HomeFigures.monthlyRecurringMicros(Map.of())).isZero();
    }

    @Test
    void shouldRefuseAnIntervalWithoutARule() {
        // protects against a new interval silently left out of MRR
        assertThatThrownBy(() -> HomeFigures.monthlyRecurringMicros(Map.of("week", 1L)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("week");
    }
}
