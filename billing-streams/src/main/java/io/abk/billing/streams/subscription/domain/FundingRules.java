package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SubscriptionEvent.AllowanceLow;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.FundingCheckAnswered;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.FundingCheckRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.RenewalUpcoming;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.CheckFunding;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleFundingCheck;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;

/**
 * The funding check before each renewal (docs/architecture.md, "Funding checks"): the lead time before a period ends,
 * the chain is asked what the customer's wallet holds and allows the vault, and the answer announces the renewal
 * ({@code invoice.upcoming}, with the figures) and warns when the allowance covers fewer than two more renewals
 * ({@code subscription.allowance_low}). A check never charges or changes the subscription's status. Like the other
 * commands the renewal scheduler fires, one that no longer applies is accepted and changes nothing.
 */
final class FundingRules {

    private FundingRules() {}

    /**
     * An active subscription with an active mandate, not set to cancel, whose period still ends at
     * {@code periodEnd} and whose renewal was not checked yet: the check goes to chain-indexer.
     */
    static SubscriptionDecision check(Existing state, CheckFunding command) {
        var d = state.details();
        var previous = d.fundingCheck();
        if (!(state instanceof Active)
                || !d.mandate().isActive()
                || d.cycle().cancelAtPeriodEnd()
                || !d.cycle().currentPeriod().end().equals(command.periodEnd())
                || previous != null && previous.periodEnd().equals(command.periodEnd())) {
            return SubscriptionDecision.accept();
        }
        var check = RenewalFundingCheck.pending(command.periodEnd(), command.requestedAt());
        return SubscriptionDecision.accept(new FundingCheckRequested(
                check, d.plan().mandateAmount(), d.metadata().get(Charging.SANDBOX_OUTCOME_KEY)));
    }

    /**
     * Answers exactly the pending check its request id names (anything else is refused, so an answer applies once).
     * A subscription still renewing announces the renewal of the period that starts at the check's period end, with
     * the wallet's figures when the chain was read, and warns of a low allowance; one that stopped renewing meanwhile
     * (canceled, paused, past due, set to cancel) only records the answer. The announcement does not depend on
     * whether that renewal was charged meanwhile: a test clock that jumps past both the check and the renewal sees the
     * answer come after the renewal, and still gets its {@code invoice.upcoming}, stamped with the check's time.
     */
    static SubscriptionDecision settle(Existing state, SettleFundingCheck command) {
        var d = state.details();
        var check = d.fundingCheck();
        if (check == null || check.settled() || !check.requestId(state.id()).equals(command.requestId())) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.SETTLEMENT_UNKNOWN,
                    "No funding check " + command.requestId() + " of subscription " + state.id() + " is pending");
        }
        var events = new ArrayList<SubscriptionEvent>(List.of(new FundingCheckAnswered(check.answered())));
        if (state instanceof Active && !d.cycle().cancelAtPeriodEnd()) {
            // With a metered item the usage is known only at the close: the wallet is measured against the most the
            // renewal may charge, the signed maximum, so a warning never comes too late.
            var required = d.plan().mandateAmount();
            var upcoming = BillingPeriods.periodFrom(
                    check.periodEnd(), d.cycle().anchor(), d.plan().interval());
            var funding = command.funding();
            events.add(new RenewalUpcoming(upcoming, d.plan().amount(), required, funding));
            if (funding != null && funding.allowanceLow(required)) {
                events.add(new AllowanceLow(required, funding));
            }
        }
        return new SubscriptionDecision.Accepted(events);
    }
}
