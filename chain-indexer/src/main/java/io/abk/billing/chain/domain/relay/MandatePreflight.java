package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.relay.Preflight.AlreadyDone;
import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.OnChainSubscription;
import io.abk.billing.contracts.SubscribeAuthorization;

/**
 * Decides from the chain's state whether a signed mandate can be submitted, in this order:
 * <ol>
 *   <li>the vault has a subscription for its reference: with these terms for this customer, it was submitted
 *       already (answered with the transaction that created it); otherwise {@code MANDATE_EXISTS};</li>
 *   <li>the terms' nonce is used: {@code SIGNATURE_NONCE_USED} (a replay);</li>
 *   <li>the latest block is past the terms' deadline: {@code SIGNATURE_EXPIRED};</li>
 *   <li>the transaction charges the first invoice and the customer's balance is short: {@code INSUFFICIENT_BALANCE}.
 *   </li>
 * </ol>
 * The vault checks all of them itself, and the signatures and the permit too; the simulation that follows names
 * anything else, so a refusal costs no gas.
 */
public final class MandatePreflight {

    private MandatePreflight() {}

    public static Preflight decide(MandateFacts facts) {
        var terms = facts.terms();
        var existing = facts.existing();
        if (existing != null) {
            return sameTerms(existing, terms)
                    ? new AlreadyDone(0)
                    : new Refuse(
                            FailureCode.MANDATE_EXISTS,
                            "The vault has a subscription for this reference already, of another customer or with"
                                    + " other terms");
        }
        if (facts.nonceUsed()) {
            return new Refuse(
                    FailureCode.SIGNATURE_NONCE_USED,
                    "The customer's signed terms (nonce " + terms.nonce() + ") were used already");
        }
        if (facts.chainTime().isAfter(terms.deadline())) {
            return new Refuse(
                    FailureCode.SIGNATURE_EXPIRED,
                    "The customer's signature expired at " + terms.deadline() + "; the chain's time is "
                            + facts.chainTime());
        }
        var firstCharge = facts.firstCharge();
        if (firstCharge != null && facts.balance().compareTo(firstCharge) < 0) {
            return new Refuse(
                    FailureCode.INSUFFICIENT_BALANCE,
                    "The customer's wallet holds " + TokenUnits.render(facts.balance(), facts.decimals())
                            + ", less than the first charge of " + TokenUnits.render(firstCharge, facts.decimals()));
        }
        return new Clear();
    }

    /** Whether {@code existing} is what {@code terms} create: the same customer, payee, token, amount and periods. */
    public static boolean sameTerms(OnChainSubscription existing, SubscribeAuthorization terms) {
        return existing.customer().equalsIgnoreCase(terms.customer())
                && existing.merchant().equalsIgnoreCase(terms.merchant())
                && existing.token().equalsIgnoreCase(terms.token())
                && existing.amount().equals(terms.amount())
                && existing.periodMonths() == terms.periodMonths()
                && existing.maxCharges() == terms.periods();
    }
}
