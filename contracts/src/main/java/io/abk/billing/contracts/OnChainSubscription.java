package io.abk.billing.contracts;

import java.math.BigInteger;
import java.time.Instant;

/**
 * A subscription as the vault stores it ({@code getSubscription}). Addresses are lower-case {@code 0x} hex;
 * amounts are token base units (micro-USDC for USDC).
 *
 * @param chargeCount charges so far, which is also the index of the next period to charge
 * @param maxCharges the number of periods the customer signed for ({@code subscribeBySignature}), 0 for no limit
 */
public record OnChainSubscription(
        String customer,
        String merchant,
        String token,
        BigInteger amount,
        int periodMonths,
        Instant firstChargeAt,
        long chargeCount,
        boolean canceled,
        BigInteger totalCharged,
        BigInteger totalRefunded,
        long maxCharges) {

    /** What the merchant could still refund: total charged minus total refunded. */
    public BigInteger refundable() {
        return totalCharged.subtract(totalRefunded);
    }

    /** True once the vault takes no further charge: a signed number of periods, all charged. */
    public boolean exhausted() {
        return maxCharges != 0 && chargeCount >= maxCharges;
    }
}
