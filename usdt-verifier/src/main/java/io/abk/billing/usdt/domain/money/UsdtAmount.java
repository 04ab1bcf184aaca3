package io.abk.billing.usdt.domain.money;

import io.abk.billing.schemas.money.InvalidAmountException;
import io.abk.billing.schemas.money.SixDecimalAmounts;
import java.math.BigDecimal;

/**
 * An amount of USDT as an exact count of micro-USDT: the API speaks USDT with at most 6 decimals (USDT's own
 * decimals on Tron and Ethereum), whatever the token's decimals on the configured chain. Parsed from and rendered
 * to exact decimals by {@link SixDecimalAmounts}, like USDC on the billing API.
 */
public record UsdtAmount(long micros) implements Comparable<UsdtAmount> {

    public static final int DECIMALS = SixDecimalAmounts.DECIMALS;
    public static final long MICROS_PER_USDT = SixDecimalAmounts.MICROS_PER_TOKEN;
    /** The largest amount the API accepts: one billion USDT, as for USDC on the billing API. */
    public static final UsdtAmount MAX = new UsdtAmount(SixDecimalAmounts.MAX_MICROS);

    public UsdtAmount {
        if (micros < 0) {
            throw new IllegalArgumentException("an amount cannot be negative: " + micros + " micro-USDT");
        }
    }

    public static UsdtAmount ofMicros(long micros) {
        return new UsdtAmount(micros);
    }

    /**
     * An amount greater than 0, at most {@link #MAX}, with at most 6 decimals once trailing zeros are dropped.
     *
     * @throws InvalidAmountException naming the problem; a negative amount is {@code NOT_POSITIVE} here, as this
     *     API has always said "must be greater than 0" of it
     */
    public static UsdtAmount parsePositive(BigDecimal value) {
        if (value.signum() < 0) {
            throw new InvalidAmountException(InvalidAmountException.Problem.NOT_POSITIVE);
        }
        return new UsdtAmount(SixDecimalAmounts.parsePositiveMicros(value));
    }

    /** The amount as a decimal without trailing zeros or exponent ({@code 9.99}, {@code 10}). */
    public BigDecimal toDecimal() {
        return SixDecimalAmounts.toDecimal(micros);
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
