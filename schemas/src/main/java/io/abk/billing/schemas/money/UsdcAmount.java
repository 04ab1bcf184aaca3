package io.abk.billing.schemas.money;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An amount of USDC as an exact count of micro-USDC (USDC has 6 decimals). Parsing takes a {@link BigDecimal}
 * read exactly from JSON (never through {@code double}); rendering gives back a plain decimal with no float
 * artefacts ({@code 9.99}, never {@code 9.990000000001}).
 */
public record UsdcAmount(long micros) implements Comparable<UsdcAmount> {

    public static final int DECIMALS = 6;
    public static final long MICROS_PER_USDC = 1_000_000L;
    /** The largest amount the API accepts: one billion USDC. */
    public static final UsdcAmount MAX = new UsdcAmount(1_000_000_000L * MICROS_PER_USDC);
    public static final UsdcAmount ZERO = new UsdcAmount(0);

    public UsdcAmount {
        if (micros < 0) {
            throw new IllegalArgumentException("an amount cannot be negative: " + micros + " micro-USDC");
        }
    }

    public static UsdcAmount ofMicros(long micros) {
        return new UsdcAmount(micros);
    }

    /** Why a decimal is not an acceptable amount. */
    public enum Problem {
        TOO_MANY_DECIMALS("must have at most 6 decimal places"),
        NOT_POSITIVE("must be greater than 0"),
        NEGATIVE("must not be negative"),
        TOO_LARGE("must be at most 1000000000");

        private final String sentence;

        Problem(String sentence) {
            this.sentence = sentence;
        }

        /** The end of a sentence that starts with the field name, e.g. "amountUsdc must be greater than 0". */
        public String sentence() {
            return sentence;
        }
    }

    /** Thrown by {@link #parsePositive} and {@link #parseNonNegative}; the edge turns it into a 400. */
    public static final class InvalidAmountException extends IllegalArgumentException {
        private final Problem problem;

        InvalidAmountException(Problem problem) {
            super("amount " + problem.sentence());
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    /** Parses an amount that must be strictly positive and at most {@link #MAX}. */
    public static UsdcAmount parsePositive(BigDecimal value) {
        var amount = parseNonNegative(value);
        if (amount.micros == 0) {
            throw new InvalidAmountException(Problem.NOT_POSITIVE);
        }
        return amount;
    }

    /** Parses an amount that may be zero, at most {@link #MAX}. */
    public static UsdcAmount parseNonNegative(BigDecimal value) {
        if (value.signum() < 0) {
            throw new InvalidAmountException(Problem.NEGATIVE);
        }
        // 1.1000000 is fine: trailing zeros are not precision. Compare before scaling so a huge exponent
        // (1e400) is refused without building a huge number.
        var stripped = value.stripTrailingZeros();
        if (stripped.scale() > DECIMALS) {
            throw new InvalidAmountException(Problem.TOO_MANY_DECIMALS);
        }
        if (stripped.compareTo(MAX.toDecimal()) > 0) {
            throw new InvalidAmountException(Problem.TOO_LARGE);
        }
        BigInteger micros = stripped.movePointRight(DECIMALS).toBigIntegerExact();
        return new UsdcAmount(micros.longValueExact());
    }

    /** The amount as a decimal with no trailing zeros and no exponent when printed with toPlainString. */
    public BigDecimal toDecimal() {
        var decimal = BigDecimal.valueOf(micros, DECIMALS).stripTrailingZeros();
        return decimal.scale() < 0 ? decimal.setScale(0) : decimal;
    }

    public UsdcAmount plus(UsdcAmount other) {
        return new UsdcAmount(Math.addExact(micros, other.micros));
    }

    public UsdcAmount minus(UsdcAmount other) {
        return new UsdcAmount(Math.subtractExact(micros, other.micros));
    }

    public boolean isZero() {
        return micros == 0;
    }

    @Override
    public int compareTo(UsdcAmount other) {
        return Long.compare(micros, other.micros);
    }

    @Override
    public String toString() {
        return toDecimal().toPlainString() + " USDC";
    }
}
