package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.Metadata;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionUpdated;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Update;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;

/**
 * PATCH of a subscription: the plan changes at once and bills from the next renewal (the current invoice keeps its
 * amount), and a change of amount prorates the period under way as its {@link ProrationBehavior} says
 * ({@link ProrationRules}); metadata is merged key by key. An update that changes nothing is accepted without an event. With the
 * customer's mandate active, an amount above the one they authorized per period is refused
 * ({@code amount_above_mandate}): the vault would refuse every renewal's charge.
 */
final class UpdateRules {

    /**
     * The most metadata keys a subscription holds: as many as a create may carry (the gateway's request limit).
     * Merging is otherwise unbounded, and every key lives in the aggregate, its changelog and each snapshot: about
     * forty PATCHes of fifty new 500-character values once grew one subscription past Kafka's 1 MB record limit,
     * and the failed changelog write stopped billing-streams for every merchant.
     */
    static final int MAX_METADATA_KEYS = 50;

    private UpdateRules() {}

    /**
     * A new interval re-anchors the cycle at the current period's end, so the current period is billed as it was
     * and the first renewal under the new interval starts where it ends.
     */
    static SubscriptionDecision update(Existing state, Update command, DunningPolicy dunning) {
        if (state instanceof Canceled) {
            return SubscriptionDecision.reject(SubscriptionRejection.UPDATE_FAILED, LifecycleRules.finalMessage(state));
        }
        var amount = command.amount();
        if (amount != null && amount.isZero()) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.UPDATE_FAILED, "A subscription amount must be positive");
        }
        var d = state.details();
        var old = d.plan();
        var mandate = d.mandate();
        if (amount != null && mandate.isActive()) {
            // A mandate recorded before its amount was: the plan's amount is the one it was set up with or less.
            var signed = mandate.amount() != null ? mandate.amount() : old.amount();
            if (amount.compareTo(signed) > 0) {
                return SubscriptionDecision.reject(
                        SubscriptionRejection.AMOUNT_ABOVE_MANDATE,
                        "Subscription " + state.id() + "'s customer authorized at most "
                                + signed.toDecimal().toPlainString()
                                + " USDC per period, less than "
                                + amount.toDecimal().toPlainString()
                                + "; the vault never charges more than the customer signed, so a higher amount needs their"
                                + " new authorization: create a subscription for the new amount (its checkout asks"
                                + " the customer to sign it) and cancel this one at its period end");
            }
        }
        var max = old.maxAmountPerPeriod();
        if (amount != null && max != null && amount.compareTo(max) > 0) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.AMOUNT_ABOVE_MANDATE,
                    "Subscription " + state.id() + " bills at most "
                            + max.toDecimal().toPlainString()
                            + " USDC per period with its usage, less than the licensed amount "
                            + amount.toDecimal().toPlainString());
        }
        var interval = command.interval() != null ? command.interval() : old.interval();
        var plan = old.withTerms(
                amount != null ? amount : old.amount(),
                interval,
                command.priceId() != null ? command.priceId() : old.priceId(),
                command.planId() != null ? command.planId() : old.planId());
        var cycle = interval == old.interval()
                ? d.cycle()
                : d.cycle().withAnchor(d.cycle().currentPeriod().end());
        var metadata = Metadata.merged(d.metadata(), command.metadata());
        // Only growth past the limit is refused, so an update can still shrink a subscription that holds more.
        if (metadata.size() > MAX_METADATA_KEYS
                && metadata.size() > d.metadata().size()) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.UPDATE_FAILED,
                    "Subscription " + state.id() + " can hold at most "
                            + MAX_METADATA_KEYS + " metadata keys and this update would leave " + metadata.size()
                            + "; an empty value removes a key");
        }
        var t = new Transition(state);
        if (plan.equals(old) && cycle.equals(d.cycle()) && metadata.equals(d.metadata())) {
            return t.accept();
        }
        t.apply(new SubscriptionUpdated(plan, cycle, metadata, d.mandate()));
        ProrationRules.prorate(t, state, old, command, dunning);
        return t.accept();
    }
}
