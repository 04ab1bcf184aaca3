package io.abk.billing.chain.domain.relay;

import java.math.BigInteger;

/** The fees for one transaction, or why none within the caps exist. */
public sealed interface FeeDecision {

    /** EIP-1559 fees in wei per gas, and the gas limit. */
    record Fees(BigInteger gasLimit, BigInteger maxFeePerGas, BigInteger maxPriorityFeePerGas) implements FeeDecision {

        /** The most this transaction can cost: every unit of its gas limit at the max fee. */
        public BigInteger maxCost() {
            return gasLimit.multiply(maxFeePerGas);
        }
    }

    /** Nothing is sent; {@code reason} names the cap that would be broken. */
    record OverCap(String reason) implements FeeDecision {}
}
