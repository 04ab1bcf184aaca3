package io.abk.billing.chain.domain.autosettle;

import java.util.Optional;

/**
 * Whether a vault subscription may activate the subscription its reference names: it must pay the subscription's
 * payout address in the chain's USDC, allow at least the subscription's amount per period, and have the same
 * period. Anything else would activate a mandate the relayer then cannot charge (the vault refuses more than its
 * amount), so it is not activated and the mismatch is logged; the customer can subscribe again with the page's
 * calls.
 */
public final class MandateTerms {

    private MandateTerms() {}

    /**
     * The first problem, or empty when the vault subscription fits. Addresses compare lower-case; amounts in
     * micro-USDC; periodMonths 1 is a month, 12 a year.
     */
    public static Optional<String> problem(
            String payoutAddress,
            long amountMicros,
            String interval,
            String usdcAddress,
            String vaultMerchant,
            String vaultToken,
            long vaultAmountMicros,
            int vaultPeriodMonths) {
        if (!vaultMerchant.equalsIgnoreCase(payoutAddress)) {
            return Optional.of("pays " + vaultMerchant + ", not the subscription's payout address " + payoutAddress);
        }
        if (!vaultToken.equalsIgnoreCase(usdcAddress)) {
            return Optional.of("pays in token " + vaultToken + ", not the chain's USDC " + usdcAddress);
        }
        if (vaultAmountMicros < amountMicros) {
            return Optional.of("allows " + vaultAmountMicros + " micro-USDC a period, less than the subscription's "
                    + amountMicros);
        }
        int months = "year".equals(interval) ? 12 : 1;
        if (vaultPeriodMonths != months) {
            return Optional.of("has a period of " + vaultPeriodMonths + " months, not one " + interval);
        }
        return Optional.empty();
    }
}
