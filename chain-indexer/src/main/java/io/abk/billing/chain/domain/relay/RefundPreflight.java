package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.relay.Preflight.AlreadyDone;
import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;

/**
 * Decides from the chain's state whether a refund can go ahead: a used refund id is an earlier refund (answered
 * with its transaction); no subscription is {@code MANDATE_INACTIVE}; more than charged minus refunded is
 * {@code RELAYER_ERROR}; a merchant whose balance or allowance to the vault is short is
 * {@code MERCHANT_FUNDS_UNAVAILABLE}, since refunds are pulled from the merchant's payout address.
 */
public final class RefundPreflight {

    private RefundPreflight() {}

    public static Preflight decide(RefundFacts facts) {
        var subscription = facts.subscription();
        if (subscription == null) {
            return new Refuse(FailureCode.MANDATE_INACTIVE, "The vault has no subscription for this mandate");
        }
        if (facts.refundIdUsed()) {
            // The vault keeps no block for a refund id: the caller searches the logs from the deployment on.
            return new AlreadyDone(0);
        }
        var amount = facts.amount();
        var refundable = subscription.refundable();
        if (amount.compareTo(refundable) > 0) {
            return new Refuse(
                    FailureCode.RELAYER_ERROR,
                    "The refund of " + render(facts, amount)
                            + " is above what the vault can still refund for this subscription, "
                            + render(facts, refundable));
        }
        if (facts.merchantBalance().compareTo(amount) < 0) {
            return new Refuse(
                    FailureCode.MERCHANT_FUNDS_UNAVAILABLE,
                    "The merchant's payout address holds " + render(facts, facts.merchantBalance())
                            + ", less than the refund of " + render(facts, amount));
        }
        if (facts.merchantAllowance().compareTo(amount) < 0) {
            return new Refuse(
                    FailureCode.MERCHANT_FUNDS_UNAVAILABLE,
                    "The merchant's payout address allows the vault " + render(facts, facts.merchantAllowance())
                            + ", less than the refund of " + render(facts, amount));
        }
        return new Clear();
    }

    private static String render(RefundFacts facts, java.math.BigInteger baseUnits) {
        return TokenUnits.render(baseUnits, facts.decimals());
    }
}
