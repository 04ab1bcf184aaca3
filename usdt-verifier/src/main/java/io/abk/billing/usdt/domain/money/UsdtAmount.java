package io.abk.billing.usdt.domain.money;

import java.math.BigDecimal;

/**
 * An amount of USDT as an exact count of micro-USDT: the API speaks USDT with at most 6 decimals (USDT's own
 * decimals on Tron and Ethereum), whatever the token's decimals on the configured chain. Parsing takes a
 * {@link BigDecimal} read exactly from JSON (never through {@code double}); rendering gives a plain decimal.
 */
public record UsdtAmount(long micros) implements Comparable<UsdtAmount> {

    public static final int DECIMALS = 6;
    public static final long MICROS_PER_USDT = 1_000_000L;
    /** The largest amount the API accepts: one billion USDT, as for USDC on the billing API. */
    public static final UsdtAmount MAX = new UsdtAmount(1_000_000_000L * MICROS_PER_USDT);

    public UsdtAmount {
        if (micros < 0) {
            throw new IllegalArgumentException("an amount cannot be negative: " + micros + " micro-USDT");
        }
    }

    public static UsdtAmount ofMicros(long micros) {
        return new UsdtAmount(micros);
    }

    /** Why a decimal is not an acceptable amount; the sentence ends one that starts with the field's name. */
    public enum Problem {
        TOO_MANY_DECIMALS("must have at most 6 decimal places"),
        NOT_POSITIVE("must be greater than 0"),
        TOO_LARGE("must be at most 1000000000");

        private final String sentence;

        Problem(String sentence) {
            this.sentence = sentence;
        }

        public String sentence() {
            return sentence;
        }
    }

    /** Thrown by {@link #parsePositive}; the HTTP edge turns it into a 400 naming the field. */
    public static final class InvalidUsdtAmountException extends IllegalArgumentException {

        private final Problem problem;

        InvalidUsdtAmountException(Problem problem) {
            super("amount " + problem.sentence());
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    /** An amount greater than 0, at most {@link #MAX}, with at most 6 decimals once trailing zeros are dropped. */
    public static UsdtAmount parsePositive(BigDecimal value) {
        if (value.signum() <= 0) {
            throw new InvalidUsdtAmountException(Problem.NOT_POSITIVE);
        }
        // 1.1000000 is fine: trailing zeros are not precision. Compare before scaling so that 1e400 is refused
        // without building a huge number.
        var stripped = value.stripTrailingZeros();
        if (stripped.scale() > DECIMALS) {
            throw new InvalidUsdtAmountException(Problem.TOO_MANY_DECIMALS);
        }
        if (stripped.compareTo(MAX.toDecimal()) > 0) {
            throw new InvalidUsdtAmountException(Problem.TOO_LARGE);
        }
        return new UsdtAmount(stripped.movePointRight(DECIMALS).toBigIntegerExact().longValueExact());
    }

    /** The amount as a decimal without trailing zeros or exponent ({@code 9.99}, {@code 10}). */
    public BigDecimal toDecimal() {
        var decimal = BigDecimal.valueOf(micros, DECIMALS).stripTrailingZeros();
        return decimal.scale() < 0 ? decimal.setScale(0) : decimal;
    }

    @Override
    public int compareTo(UsdtAmount other) {
        return Long.compare(micros, other.micros);
    }

    @Override
    public String toString() {
        return toDecimal().toPlainString() + " USDT";
    }
}
