package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.money.Proration;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceLinesPending;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Update;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.PastDue;
import java.util.List;

/**
 * What a change of amount does to the period under way (docs/architecture.md, "Plan changes and proration"): the
 * unused time on the old amount credited and the remaining time on the new one charged, by the shared rule
 * ({@link Proration}). Only a period billed at the old amount is prorated: an active or past-due subscription's, not
 * a trial's, and only when the interval stays (a new interval starts at the period's end, the period billed as it was).
 */
final class ProrationRules {

    private ProrationRules() {}

    /**
     * {@code before} was on {@code old}; {@code t} has applied the update. {@code create_prorations}: the two lines
     * join the pending ones. {@code always_invoice}: a {@code subscription_update} invoice for the rest of the period
     * with them and the pending ones, charged at once when it asks for something; else they all stay pending.
     */
    static void prorate(Transition t, Existing before, Plan old, Update command, DunningPolicy dunning) {
        var plan = t.details().plan();
        var cycle = before.details().cycle();
        var period = cycle.currentPeriod();
        var trial = cycle.trialEnd() != null && !period.end().isAfter(cycle.trialEnd());
        if (command.prorationBehavior() == ProrationBehavior.NONE
                || plan.amount().equals(old.amount())
                || plan.interval() != old.interval()
                || !(before instanceof Active || before instanceof PastDue)
                || trial) {
            return;
        }
        var now = command.requestedAt();
        if (!now.isBefore(period.end())) {
            // The period is over and its renewal due: nothing of it is left to prorate.
            return;
        }
        var amounts = Proration.lines(old.amount().micros(), plan.amount().micros(), period.start(), period.end(), now);
        var rest = now.isAfter(period.start()) ? new Period(now, period.end()) : period;
        var interval = old.interval().apiName();
        var lines = List.of(
                InvoiceLine.proration(
                        Proration.unusedTime(old.amount().micros(), interval), rest, amounts.unusedMicros()),
                InvoiceLine.proration(
                        Proration.remainingTime(plan.amount().micros(), interval), rest, amounts.remainingMicros()));
        var pending = t.details().pendingLines();
        if (command.prorationBehavior() == ProrationBehavior.CREATE_PRORATIONS) {
            t.apply(new InvoiceLinesPending(InvoiceComposer.concat(pending, lines)));
            return;
        }
        var invoiceId = Ids.derivedId(IdPrefix.INVOICE, now, command.commandId());
        var composition =
                InvoiceComposer.compose(invoiceId, lines, pending, t.details().discount(), rest);
        if (composition.totalMicros() <= 0) {
            // Nothing to charge: the credit waits for the next invoice rather than making a 0 USDC one.
            t.apply(new InvoiceLinesPending(InvoiceComposer.concat(pending, lines)));
            return;
        }
        var invoice = InvoiceComposer.open(t, invoiceId, lines, BillingReason.SUBSCRIPTION_UPDATE, rest, now, now);
        Charging.attempt(t, invoice, null, now, dunning);
    }
}
