package io.abk.billing.streams.subscription.domain;

import org.jspecify.annotations.Nullable;

/**
 * The customer's signed subscription terms as the checkout received and checked them: the EIP-712 terms for the
 * vault and, where the token has one, an EIP-2612 permit. Times are Unix seconds and amounts the token's base units
 * (decimal strings), as the chain reads them; the aggregate keeps none of it but what {@link MandateSignature} shows,
 * and hands the rest to the relayer.
 */
public record SignedMandate(
        String wallet,
        long periods,
        long deadlineSeconds,
        String nonce,
        String signature,
        String amountBaseUnits,
        int periodMonths,
        long firstChargeAtSeconds,
        @Nullable Permit permit) {

    /** An EIP-2612 permit for the vault. */
    public record Permit(String valueBaseUnits, long deadlineSeconds, String signature) {}
}
