package io.abk.billing.chain.domain.settlement;

import java.math.BigInteger;

/**
 * What one of the relayer's transactions cost its account: the gas its receipt says it used, and that gas times the
 * receipt's effective gas price, in wei. Exact: wei stay a {@link BigInteger} up to the wire, where they are a
 * decimal string.
 */
public record TransactionGas(long used, BigInteger costWei) {

    public TransactionGas {
        if (used < 0 || costWei.signum() < 0) {
            throw new IllegalArgumentException("gas used and cost must not be negative: " + used + ", " + costWei);
        }
    }

    /** From a receipt's {@code gasUsed} and {@code effectiveGasPrice}. */
    public static TransactionGas of(BigInteger gasUsed, BigInteger effectiveGasPrice) {
        return new TransactionGas(gasUsed.longValueExact(), gasUsed.multiply(effectiveGasPrice));
    }

    /**
     * Share {@code index} of {@code count} of a transaction that did {@code count} things at once (a batch of
     * charges): the gas split evenly, the first shares taking one more where it does not divide, so that the shares
     * add up to the transaction's gas and cost exactly.
     */
    public TransactionGas share(int index, int count) {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("share " + index + " of " + count);
        }
        long shareUsed = used / count + (index < used % count ? 1 : 0);
        var shareCost = used == 0
                ? BigInteger.ZERO
                : costWei.multiply(BigInteger.valueOf(shareUsed)).divide(BigInteger.valueOf(used));
        return new TransactionGas(shareUsed, shareCost);
    }

    /** The cost as the wire carries it: decimal wei. */
    public String costWeiDecimal() {
        return costWei.toString();
    }
}
