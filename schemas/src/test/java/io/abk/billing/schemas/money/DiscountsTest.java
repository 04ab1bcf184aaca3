package io.abk.billing.schemas.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DiscountsTest {

    @ParameterizedTest(name = "{0} micros at {1} bp, {2} micros off: {3}")
    @CsvSource(
            nullValues = "-",
            value = {
                // subtotal, percent (bp), amount off, expected
                "9990000, 2000, -, 1998000",
                "10000000, 10000, -, 10000000",
                "1, 5000, -, 1", // half a micro rounds up, to the customer
                "1, 4999, -, 0",
                "3, 3333, -, 1",
                "999999999, 1, -, 100000", // 99999.9999 rounds up
                "1000000000000000, 9999, -, 999900000000000", // 1e9 USDC: no overflow
                "5000000, -, 2000000, 2000000",
                "5000000, -, 7000000, 5000000", // never more than the subtotal
                "0, 2000, -, 0",
                "-4000000, 2000, -, 0", // a credit is not discounted
                "-4000000, -, 1000000, 0"
            })
    void takesTheRoundedPercentageOrTheAmountButNeverMoreThanTheSubtotal(
            long subtotal, @Nullable Integer percent, @Nullable Long amount, long expected) {
        assertThat(Discounts.amountOffMicros(subtotal, percent, amount)).isEqualTo(expected);
    }

    @Test
    void refusesACouponThatIsBothOrNeitherOrOutOfRange() {
        assertThatThrownBy(() -> Discounts.amountOffMicros(1, 10, 10L)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Discounts.amountOffMicros(1, null, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Discounts.amountOffMicros(1, 10_001, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Discounts.amountOffMicros(1, null, 0L)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRepeatingDiscountAppliesToPeriodsStartingBeforeItsEnd() {
        var end = Instant.parse("2027-03-01T00:00:00Z");
        assertThat(Discounts.appliesTo("repeating", end, Instant.parse("2027-02-28T23:59:59Z")))
                .isTrue();
        assertThat(Discounts.appliesTo("repeating", end, end)).isFalse();
        assertThat(Discounts.appliesTo("forever", null, end)).isTrue();
        assertThat(Discounts.appliesTo("once", null, end)).isTrue();
    }

    @Test
    void writesPercentagesPlainAndDescribesTheLine() {
        assertThat(Discounts.percent(2000).toString()).isEqualTo("20");
        assertThat(Discounts.percent(1250).toString()).isEqualTo("12.5");
        assertThat(Discounts.percent(1).toString()).isEqualTo("0.01");
        assertThat(Discounts.percent(10_000).toString()).isEqualTo("100");
        assertThat(Discounts.describe("WELCOME", 2000, null)).isEqualTo("WELCOME (20% off)");
        assertThat(Discounts.describe(null, null, 5_000_000L)).isEqualTo("5 USDC off");
        assertThat(Discounts.describe("Launch", null, 2_500_000L)).isEqualTo("Launch (2.5 USDC off)");
    }
}
