package io.abk.billing.schemas.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import io.abk.billing.schemas.money.InvalidAmountException.Problem;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UsdcAmountTest {

    @ParameterizedTest(name = "{0} parses to {1} micro-USDC")
    @CsvSource({
        "9.99, 9990000",
        "0.000001, 1",
        "1, 1000000",
        "1.1000000, 1100000",
        "1000000000, 1000000000000000",
        "1E+3, 1000000000",
        "12.340000000000000000000, 12340000",
    })
    void shouldParseExactDecimalsWhenAtMostSixPlaces(String text, long micros) {
        assertThat(UsdcAmount.parsePositive(new BigDecimal(text)).micros()).isEqualTo(micros);
    }

    @ParameterizedTest(name = "{0} is refused: {1}")
    @CsvSource({
        "0.0000001, TOO_MANY_DECIMALS",
        "9.9999999, TOO_MANY_DECIMALS",
        "1E-400, TOO_MANY_DECIMALS",
        "0, NOT_POSITIVE",
        "0.000000, NOT_POSITIVE",
        "-1, NEGATIVE",
        "-0.000001, NEGATIVE",
        "1000000000.000001, TOO_LARGE",
        "1E+400, TOO_LARGE",
        "99999999999999999999999999999, TOO_LARGE",
    })
    void shouldRefuseAmountsOutsideTheRules(String text, Problem problem) {
        assertThatThrownBy(() -> UsdcAmount.parsePositive(new BigDecimal(text)))
                .isInstanceOfSatisfying(
                        InvalidAmountException.class,
                        e -> assertThat(e.problem()).isEqualTo(problem));
    }

    @Test
    void shouldAllowZeroWhenNonNegativeIsAsked() {
        assertThat(UsdcAmount.parseNonNegative(BigDecimal.ZERO)).isEqualTo(UsdcAmount.ZERO);
    }

    @ParameterizedTest(name = "{0} micro-USDC renders as {1}")
    @CsvSource({
        "9990000, 9.99",
        "10000000, 10",
        "1, 0.000001",
        "0, 0",
        "1000000000000000, 1000000000",
        "100000000, 100",
    })
    void shouldRenderPlainDecimalsWithoutFloatArtefacts(long micros, String text) {
        assertThat(UsdcAmount.ofMicros(micros).toDecimal().toPlainString()).isEqualTo(text);
    }

    @Test
    void shouldRoundTripEveryAmountThroughItsDecimal() {
        // Protects against a lossy conversion anywhere between the wire decimal and the micro-units.
        qt().forAll(longs().between(1, UsdcAmount.MAX.micros()))
                .check(micros -> UsdcAmount.parsePositive(new BigDecimal(
                                        UsdcAmount.ofMicros(micros).toDecimal().toPlainString()))
                                .micros()
                        == micros);
    }

    @Test
    void shouldRefuseANegativeAmountAtConstruction() {
        assertThatThrownBy(() -> UsdcAmount.ofMicros(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
