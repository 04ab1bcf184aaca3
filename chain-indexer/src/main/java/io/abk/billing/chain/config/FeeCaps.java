package io.abk.billing.chain.config;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The most the relayer pays for one transaction (EIP-1559, in wei): a fee per gas, a priority fee per gas, and a
 * total per transaction (gas limit times fee per gas). A submission that would need more is refused and the
 * request answered {@code RELAYER_ERROR}, so a fee spike can never drain the relayer's account.
 */
public record FeeCaps(BigInteger maxFeePerGasWei, BigInteger maxPriorityFeePerGasWei, BigInteger maxCostPerTxWei) {

    private static final BigDecimal WEI_PER_GWEI = BigDecimal.TEN.pow(9);
    private static final BigDecimal WEI_PER_ETHER = BigDecimal.TEN.pow(18);

    public FeeCaps {
        if (maxFeePerGasWei.signum() <= 0 || maxPriorityFeePerGasWei.signum() < 0 || maxCostPerTxWei.signum() <= 0) {
            throw new IllegalArgumentException("fee caps must be positive");
        }
        if (maxPriorityFeePerGasWei.compareTo(maxFeePerGasWei) > 0) {
            throw new IllegalArgumentException("the max priority fee cannot exceed the max fee per gas");
        }
    }

    /** Caps given in gwei per gas and ether per transaction, as an operator writes them ({@code 0.5}, {@code 0.001}). */
    public static FeeCaps of(String maxFeePerGasGwei, String maxPriorityFeePerGasGwei, String maxCostPerTxEther) {
        return new FeeCaps(
                wei(maxFeePerGasGwei, WEI_PER_GWEI),
                wei(maxPriorityFeePerGasGwei, WEI_PER_GWEI),
                wei(maxCostPerTxEther, WEI_PER_ETHER));
    }

    /** Exact: a value finer than one wei is refused rather than rounded. */
    static BigInteger wei(String amount, BigDecimal weiPerUnit) {
        var wei = new BigDecimal(amount.strip()).multiply(weiPerUnit);
        try {
            return wei.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + amount.strip() + "' is finer than one wei", e);
        }
    }
}
