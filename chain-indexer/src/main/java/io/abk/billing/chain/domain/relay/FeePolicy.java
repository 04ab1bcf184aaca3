package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.relay.FeeDecision.Fees;
import io.abk.billing.chain.domain.relay.FeeDecision.OverCap;
import java.math.BigInteger;

/**
 * The EIP-1559 fees the relayer offers, within the operator's caps (wei per gas, and wei per transaction):
 * <ul>
 *   <li>priority fee: the node's suggestion, at most the priority cap;</li>
 *   <li>max fee: twice the latest base fee plus the priority fee, which stays includable through six full blocks
 *       of base fee rises (12.5% each), at most the max-fee cap; when only the doubling breaks the cap, the cap
 *       itself is offered, since it still covers today's base fee;</li>
 *   <li>refused when even the base fee plus the priority fee is above the cap, or the gas limit at the max fee
 *       costs more than the per-transaction cap: a fee spike never drains the relayer's account.</li>
 * </ul>
 * A replacement (same nonce) raises both fees by at least 12.5%, above the 10% nodes accept
 * for a replacement, within the same caps.
 */
public record FeePolicy(BigInteger maxFeePerGasCap, BigInteger maxPriorityFeePerGasCap, BigInteger maxCostPerTxCap) {

    /** 20% over the estimate: the state can move between estimate and inclusion (a balance, a period count). */
    private static final BigInteger GAS_MARGIN_NUMERATOR = BigInteger.valueOf(6);

    private static final BigInteger GAS_MARGIN_DENOMINATOR = BigInteger.valueOf(5);
    /** Geth and anvil refuse a same-nonce replacement that raises its fees by less than 10%; 12.5% is safe. */
    private static final BigInteger BUMP_NUMERATOR = BigInteger.valueOf(9);

    private static final BigInteger BUMP_DENOMINATOR = BigInteger.valueOf(8);
    private static final BigInteger TWO = BigInteger.TWO;

    /** The gas limit for an estimate: 20% more, rounded up. */
    public static BigInteger gasLimit(BigInteger estimate) {
        return ceilDiv(estimate.multiply(GAS_MARGIN_NUMERATOR), GAS_MARGIN_DENOMINATOR);
    }

    /**
     * The caps for a transaction that makes {@code calls} vault calls at once (a batch of charges): the same per gas,
     * and the per-transaction cost cap for each call, so a batch may cost what its calls could have cost alone.
     */
    public FeePolicy forCalls(int calls) {
        if (calls < 1) {
            throw new IllegalArgumentException("a transaction makes at least one call, not " + calls);
        }
        return calls == 1
                ? this
                : new FeePolicy(
                        maxFeePerGasCap, maxPriorityFeePerGasCap, maxCostPerTxCap.multiply(BigInteger.valueOf(calls)));
    }

    /** The fees for a first submission, given the latest block's base fee and the node's priority suggestion. */
    public FeeDecision initial(BigInteger gasLimit, BigInteger baseFee, BigInteger suggestedPriorityFee) {
        var priority = suggestedPriorityFee.min(maxPriorityFeePerGasCap).max(BigInteger.ZERO);
        var least = baseFee.add(priority);
        if (least.compareTo(maxFeePerGasCap) > 0) {
            return new OverCap("the base fee of " + baseFee + " wei plus a priority fee of " + priority
                    + " wei is above the max fee per gas cap of " + maxFeePerGasCap + " wei");
        }
        var maxFee = TWO.multiply(baseFee).add(priority).min(maxFeePerGasCap);
        return withinCost(new Fees(gasLimit, maxFee, priority));
    }

    /**
     * The most the caps allow for a transaction of {@code gasLimit}: the max fee cap, lowered so that the gas limit
     * stays within the per-transaction cap, and the priority fee cap, at most that. A transaction offering this
     * outbids any other the relayer sent with the same nonce (each within the same caps), unless that one offered the
     * caps too.
     */
    public Fees ceiling(BigInteger gasLimit) {
        var maxFee = maxFeePerGasCap.min(maxCostPerTxCap.divide(gasLimit));
        return new Fees(gasLimit, maxFee, maxPriorityFeePerGasCap.min(maxFee));
    }

    /**
     * The fees for replacing {@code previous} (same nonce): both raised by at least 12.5%, the max fee also kept at
     * twice the current base fee plus the priority fee when that is higher.
     */
    public FeeDecision bump(Fees previous, BigInteger baseFee) {
        var priority = raised(previous.maxPriorityFeePerGas());
        var maxFee = raised(previous.maxFeePerGas()).max(TWO.multiply(baseFee).add(priority));
        if (priority.compareTo(maxPriorityFeePerGasCap) > 0) {
            return new OverCap("a replacement needs a priority fee of " + priority
                    + " wei, above the max priority fee cap of " + maxPriorityFeePerGasCap + " wei");
        }
        if (maxFee.compareTo(maxFeePerGasCap) > 0) {
            var least = raised(previous.maxFeePerGas());
            if (least.compareTo(maxFeePerGasCap) > 0 || baseFee.add(priority).compareTo(maxFeePerGasCap) > 0) {
                return new OverCap("a replacement needs a max fee of " + least.max(baseFee.add(priority))
                        + " wei per gas, above the max fee per gas cap of " + maxFeePerGasCap + " wei");
            }
            maxFee = maxFeePerGasCap;
        }
        return withinCost(new Fees(previous.gasLimit(), maxFee, priority));
    }

    private FeeDecision withinCost(Fees fees) {
        if (fees.maxCost().compareTo(maxCostPerTxCap) > 0) {
            return new OverCap("a gas limit of " + fees.gasLimit() + " at " + fees.maxFeePerGas()
                    + " wei per gas may cost " + fees.maxCost() + " wei, above the max cost per transaction cap of "
                    + maxCostPerTxCap + " wei");
        }
        return fees;
    }

    /** At least 12.5% more, and at least one wei more (a zero priority fee must rise too). */
    private static BigInteger raised(BigInteger value) {
        return ceilDiv(value.multiply(BUMP_NUMERATOR), BUMP_DENOMINATOR).max(value.add(BigInteger.ONE));
    }

    private static BigInteger ceilDiv(BigInteger dividend, BigInteger divisor) {
        var division = dividend.divideAndRemainder(divisor);
        return division[1].signum() == 0 ? division[0] : division[0].add(BigInteger.ONE);
    }
}
