package io.abk.billing.chain.domain.verification;

import io.abk.billing.chain.domain.verification.VerificationOutcome.Answer;
import io.abk.billing.chain.domain.verification.VerificationOutcome.Failed;
import io.abk.billing.chain.domain.verification.VerificationOutcome.Paid;
import io.abk.billing.chain.domain.verification.VerificationOutcome.PaidIfUnclaimed;
import org.jspecify.annotations.Nullable;

/**
 * One transaction pays at most one payment or invoice (docs/architecture.md, "One-time payment"): a hash belongs to the
 * first claimant (a payment id, or an invoice id for a settled charge) for good. The same claimant claiming it again is
 * granted again, so a replayed request gets the same answer.
 */
public final class TxClaims {

    private TxClaims() {}

    /** True when {@code claimant} may use a hash held by {@code holder} (null: nobody holds it yet). */
    public static boolean grants(@Nullable String holder, String claimant) {
        return holder == null || holder.equals(claimant);
    }

    /**
     * The answer to a transfer that pays {@code claimant} unless its hash is held by another. The message never
     * names the holder: that is another merchant's payment, perhaps.
     */
    public static Answer settle(PaidIfUnclaimed transfer, @Nullable String holder, String claimant) {
        if (grants(holder, claimant)) {
            return new Paid(transfer.txHash(), transfer.amountReceivedMicros());
        }
        return new Failed(
                VerificationFailure.PAYMENT_TX_ALREADY_USED,
                "Transaction " + transfer.txHash() + " has already paid another payment");
    }
}
