package io.abk.billing.schemas.money;

import java.math.BigDecimal;

/**
 * Exact parsing and rendering of an amount of a 6-decimal token (USDC, USDT) as a count of micro-units: the one
 * place where a JSON decimal becomes micro-units and back. Parsing takes a {@link BigDecimal} read exactly from
 * JSON (never through {@code double}); rendering gives a plain decimal with no float artefacts ({@code 9.99},
 * never {@code 9.990000000001}). {@link UsdcAmount} and the companion interface's USDT amount both use it.
 */
public final class SixDecimalAmounts {

    public static final int DECIMALS = 6;
    public static final long MICROS_PER_TOKEN = 1_000_000L;
    /** The largest amount an API accepts: one billion tokens. */
    public static final long MAX_MICROS = 1_000_000_000L * MICROS_PER_TOKEN;

    private static final BigDecimal MAX = BigDecimal.valueOf(MAX_MICROS, DECIMALS);

    private SixDecimalAmounts() {}

    /** Micro-units of an amount that must be strictly positive and at most {@link #MAX_MICROS}. */
    public static long parsePositiveMicros(BigDecimal value) {
        var micros = parseNonNegativeMicros(value);
        if (micros == 0) {
            throw new InvalidAmountException(InvalidAmountException.Problem.NOT_POSITIVE);
        }
        return micros;
    }

    /** Micro-units of an amount that may be zero, at most {@link #MAX_MICROS}. */
    public static long parseNonNegativeMicros(BigDecimal value) {
        if (value.signum() < 0) {
            throw new InvalidAmountException(InvalidAmountException.Problem.NEGATIVE);
        }
        // 1.1000000 is fine: trailing zeros are not precision. Compare before scaling so a huge exponent
        // (1e400) is refused without building a huge number.
        var stripped = value.stripTrailingZeros();
        if (stripped.scale() > DECIMALS) {
            throw new InvalidAmountException(InvalidAmountException.Problem.TOO_MANY_DECIMALS);
        }
        if (stripped.compareTo(MAX) > 0) {
            throw new InvalidAmountException(InvalidAmountException.Problem.TOO_LARGE);
        }
        return stripped.movePointRight(DECIMALS).toBigIntegerExact().longValueExact();
    }

    /** The micro-units as a decimal with no trailing zeros and no exponent when printed with toPlainString. */
    public static BigDecimal toDecimal(long micros) {
        var decimal = BigDecimal.valueOf(micros, DECIMALS).stripTrailingZeros();
        return decimal.scale() < 0 ? decimal.setScale(0) : decimal;
    }
}
