package io.abk.billing.chain.domain.relay;

import io.abk.billing.schemas.money.UsdcAmount;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Micro-USDC (the platform's unit) to and from a token's base units. USDC has 6 decimals, so both are the same
 * number there; another token's decimals are converted exactly, and an amount finer than the token can carry is
 * refused rather than rounded.
 */
public final class TokenUnits {

    private TokenUnits() {}

    /** {@code micros} in base units of a token with {@code decimals}, or empty when the token cannot carry it. */
    public static Optional<BigInteger> fromMicros(long micros, int decimals) {
        try {
            return Optional.of(BigDecimal.valueOf(micros, UsdcAmount.DECIMALS)
                    .movePointRight(decimals)
                    .toBigIntegerExact());
        } catch (ArithmeticException finerThanTheToken) {
            return Optional.empty();
        }
    }

    /**
     * Base units in micro-USDC, rounded down: a fraction of a micro-USDC received is not counted (a payment is never
     * paid by rounding up). Saturates at {@link Long#MAX_VALUE}.
     */
    public static long toMicros(BigInteger baseUnits, int decimals) {
        var micros = new BigDecimal(baseUnits)
                .movePointLeft(decimals - UsdcAmount.DECIMALS)
                .toBigInteger();
        return micros.bitLength() < Long.SIZE ? micros.longValue() : Long.MAX_VALUE;
    }

    /** {@code 9.99 USDC}: exact for any decimals. */
    public static String render(BigInteger baseUnits, int decimals) {
        var amount = new BigDecimal(baseUnits).movePointLeft(decimals).stripTrailingZeros();
        return (amount.scale() < 0 ? amount.setScale(0) : amount).toPlainString() + " USDC";
    }
}
