package io.abk.billing.chain.domain.autosettle;

import java.math.BigInteger;

/**
 * Token base units in micro-USDC (6 decimals), exactly: a token with fewer decimals scales up, one with more is
 * divided and rounded down, so a transfer never counts for more than it moved.
 */
public final class TokenAmounts {

    private static final int MICRO_DECIMALS = 6;

    private TokenAmounts() {}

    /** {@code baseUnits} (a non-negative decimal integer) of a token with {@code decimals} decimals, in micro units. */
    public static long toMicros(String baseUnits, int decimals) {
        var units = new BigInteger(baseUnits);
        if (units.signum() < 0 || decimals < 0) {
            throw new IllegalArgumentException(
                    "amounts and decimals are never negative: " + baseUnits + ", " + decimals);
        }
        var micros = decimals <= MICRO_DECIMALS
                ? units.multiply(BigInteger.TEN.pow(MICRO_DECIMALS - decimals))
                : units.divide(BigInteger.TEN.pow(decimals - MICRO_DECIMALS));
        // Beyond a long (9.2 trillion USDC) no payment can be matched anyway: cap instead of overflowing.
        return micros.bitLength() < Long.SIZE ? micros.longValueExact() : Long.MAX_VALUE;
    }
}
