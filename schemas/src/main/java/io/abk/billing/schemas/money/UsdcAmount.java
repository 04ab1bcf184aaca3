package io.abk.billing.schemas.money;

import java.math.BigDecimal;

/**
 * An amount of USDC as an exact count of micro-USDC (USDC has 6 decimals), parsed from and rendered to exact
 * decimals by {@link SixDecimalAmounts}.
 */
public record UsdcAmount(long micros) implements Comparable<UsdcAmount> {

    public static final int DECIMALS = SixDecimalAmounts.DECIMALS;
    public static final long MICROS_PER_USDC = SixDecimalAmounts.MICROS_PER_TOKEN;
    /** The largest amount the API accepts: one billion USDC. */
    public static final UsdcAmount MAX = new UsdcAmount(SixDecimalAmounts.MAX_MICROS);

    public static final UsdcAmount ZERO = new UsdcAmount(0);

    public UsdcAmount {
        if (micros < 0) {
            throw new IllegalArgumentException("an amount cannot be negative: " + micros + " micro-USDC");
        }
    }

    public static UsdcAmount ofMicros(long micros) {
        return new UsdcAmount(micros);
    }

    /**
     * Parses an amount that must be strictly positive and at most {@link #MAX}.
     *
     * @throws InvalidAmountException naming the problem
     */
    public static UsdcAmount parsePositive(BigDecimal value) {
        return new UsdcAmount(SixDecimalAmounts.parsePositiveMicros(value));
    }

    /**
     * Parses an amount that may be zero, at most {@link #MAX}.
     *
     * @throws InvalidAmountException naming the problem
     */
    public static UsdcAmount parseNonNegative(BigDecimal value) {
        return new UsdcAmount(SixDecimalAmounts.parseNonNegativeMicros(value));
    }

    /** The amount as a decimal with no trailing zeros and no exponent when printed with toPlainString. */
    public BigDecimal toDecimal() {
        return SixDecimalAmounts.toDecimal(micros);
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
