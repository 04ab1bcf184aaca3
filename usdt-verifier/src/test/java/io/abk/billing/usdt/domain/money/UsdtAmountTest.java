package io.abk.billing.usdt.domain.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.money.InvalidAmountException;
import io.abk.billing.schemas.money.InvalidAmountException.Problem;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** What USDT amounts add to the 6-decimal parsing they share with USDC (tested in schemas' UsdcAmountTest). */
class UsdtAmountTest {

    @Test
    void shouldCallANegativeAmountNotPositiveWhereTheBillingApiCallsItNegative() {
        // This API has always said "must be greater than 0" of a negative amount; the billing API says "must not be
        // negative". Sharing the parser must not change either.
        assertThatThrownBy(() -> UsdtAmount.parsePositive(new BigDecimal("-1")))
                .isInstanceOfSatisfying(
                        InvalidAmountException.class,
                        e -> assertThat(e.problem()).isEqualTo(Problem.NOT_POSITIVE));
        assertThatThrownBy(() -> UsdtAmount.parsePositive(new BigDecimal("-0.0000001")))
                .isInstanceOfSatisfying(
                        InvalidAmountException.class,
                        e -> assertThat(e.problem()).isEqualTo(Problem.NOT_POSITIVE));
    }

    @Test
    void shouldParseAndRenderExactlyWhenTheAmountHasAtMostSixDecimals() {
        var amount = UsdtAmount.parsePositive(new BigDecimal("12.3400000"));

        assertThat(amount.micros()).isEqualTo(12_340_000);
        assertThat(amount.toDecimal().toPlainString()).isEqualTo("12.34");
        assertThat(amount).hasToString("12.34 USDT");
        assertThatThrownBy(() -> UsdtAmount.parsePositive(new BigDecimal("0.0000001")))
                .isInstanceOfSatisfying(
                        InvalidAmountException.class,
                        e -> assertThat(e.problem()).isEqualTo(Problem.TOO_MANY_DECIMALS));
    }

    @Test
    void shouldRefuseANegativeAmountAtConstruction() {
        assertThatThrownBy(() -> UsdtAmount.ofMicros(-1)).hasMessageContaining("micro-USDT");
    }
}
