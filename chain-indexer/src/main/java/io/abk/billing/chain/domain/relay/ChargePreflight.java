package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.relay.Preflight.AlreadyDone;
import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;

/**
 * Decides from the chain's state whether a charge can go ahead, in this order:
 * <ol>
 *   <li>its charge id was used: already charged (a relayer that crashed after sending, or a repeated request),
 *       answered with the original transaction, never charged twice;</li>
 *   <li>no subscription: {@code MANDATE_INACTIVE}; a canceled one: {@code MANDATE_REVOKED};</li>
 *   <li>a signed mandate whose periods are all charged: {@code MANDATE_EXHAUSTED};</li>
 *   <li>the period it would pay has not started on chain: {@code PERIOD_NOT_STARTED}, naming the start;</li>
 *   <li>the customer's balance is short: {@code INSUFFICIENT_BALANCE};</li>
 *   <li>no allowance to the vault: {@code ALLOWANCE_REVOKED}; some, but short: {@code ALLOWANCE_TOO_LOW};</li>
 *   <li>more than the mandate: {@code AMOUNT_ABOVE_MANDATE} naming both (the billing side asked for more than the
 *       customer signed).</li>
 * </ol>
 * The vault enforces every one of these itself; checking first spares a reverted transaction's fee and gives the
 * merchant a precise reason.
 */
public final class ChargePreflight {

    private ChargePreflight() {}

    public static Preflight decide(ChargeFacts facts) {
        if (facts.charge().exists()) {
            return new AlreadyDone(facts.charge().blockNumber());
        }
        var subscription = facts.subscription();
        if (subscription == null) {
            return new Refuse(FailureCode.MANDATE_INACTIVE, "The vault has no subscription for this mandate");
        }
        if (subscription.canceled()) {
            return new Refuse(FailureCode.MANDATE_REVOKED, "The customer's mandate was canceled in the vault");
        }
        if (subscription.exhausted()) {
            return new Refuse(
                    FailureCode.MANDATE_EXHAUSTED,
                    "The customer signed for " + subscription.maxCharges() + " charges, all made");
        }
        var start = facts.nextPeriodStart();
        if (start != null && start.isAfter(facts.chainTime())) {
            return new Refuse(
                    FailureCode.PERIOD_NOT_STARTED,
                    "The period this charge would pay starts on chain at " + start
                            + "; every period started so far is paid");
        }
        var amount = facts.amount();
        if (facts.balance().compareTo(amount) < 0) {
            return new Refuse(
                    FailureCode.INSUFFICIENT_BALANCE,
                    "The customer's wallet holds " + render(facts, facts.balance()) + ", less than "
                            + render(facts, amount));
        }
        if (facts.allowance().signum() == 0) {
            return new Refuse(FailureCode.ALLOWANCE_REVOKED, "The customer's USDC allowance to the vault is zero");
        }
        if (facts.allowance().compareTo(amount) < 0) {
            return new Refuse(
                    FailureCode.ALLOWANCE_TOO_LOW,
                    "The customer's USDC allowance to the vault is " + render(facts, facts.allowance()) + ", less than "
                            + render(facts, amount));
        }
        if (amount.compareTo(subscription.amount()) > 0) {
            return new Refuse(
                    FailureCode.AMOUNT_ABOVE_MANDATE,
                    "The charge of " + render(facts, amount) + " is above the mandate of "
                            + render(facts, subscription.amount()));
        }
        return new Clear();
    }

    private static String render(ChargeFacts facts, java.math.BigInteger baseUnits) {
        return TokenUnits.render(baseUnits, facts.decimals());
    }
}
