package io.abk.billing.usdt.domain.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.money.InvalidAmountException;
import io.abk.billing.schemas.money.InvalidAmountException.Problem;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UsdtAmountTest {

    @ParameterizedTest(name = "{0} parses to {1} micro-USDT")
    @CsvSource({
        "12.345678, 12345678",
        "0.000001, 1",
        "1.1000000, 1100000",
        "1000000000, 1000000000000000",
        "1E+3, 1000000000",
    })
    void shouldParseExactDecimalsWhenAtMostSixPlaces(String text, long micros) {
        assertThat(UsdtAmount.parsePositive(new BigDecimal(text)).micros()).isEqualTo(micros);
    }

    @ParameterizedTest(name = "{0} is refused: {1}")
    @CsvSource({
        "0.0000001, TOO_MANY_DECIMALS",
        "1E-400, TOO_MANY_DECIMALS",
        "0, NOT_POSITIVE",
        // This API has always said "must be greater than 0" of a negative amount, where the billing API says
        // "must not be negative".
        "-1, NOT_POSITIVE",
        "-0.0000001, NOT_POSITIVE",
        "1000000000.000001, TOO_LARGE",
        "1E+400, TOO_LARGE",
    })
    void shouldRefuseAmountsOutsideTheRules(String text, Problem problem) {
        assertThatThrownBy(() -> UsdtAmount.parsePositive(new BigDecimal(text)))
                .isInstanceOfSatisfying(InvalidAmountException.class, e -> assertThat(e.problem()).isEqualTo(problem));
    }

    @ParameterizedTest(name = "{0} micro-USDT renders as {1}")
    @CsvSource({
        "12500000, 12.5",
        "10000000, 10",
        "1, 0.000001",
        "1000000000000000, 1000000000",
    })
    void shouldRenderPlainDecimalsWithoutFloatArtefacts(long micros, String text) {
        assertThat(UsdtAmount.ofMicros(micros).toDecimal().toPlainString()).isEqualTo(text);
        assertThat(UsdtAmount.ofMicros(micros)).hasToString(text + " USDT");
    }

    @Test
    void shouldRefuseANegativeAmountAtConstruction() {
        assertThatThrownBy(() -> UsdtAmount.ofMicros(-1)).hasMessageContaining("micro-USDT");
    }
}
