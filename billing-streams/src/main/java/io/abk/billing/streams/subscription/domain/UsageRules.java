package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.UsagePeriodClosing;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.UsageRecorded;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.RecordUsage;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;

/**
 * The renewal of a subscription with a metered item (docs/architecture.md, "Metered usage"): at the period's end the
 * usage processor is asked to close the period ({@link UsagePeriodClosing}, which the adapter sends as
 * {@code CloseUsagePeriod}), and its answer, {@link RecordUsage}, makes the invoice: the renewal as
 * {@link RenewalRules} makes it, with a usage line per metered item for the closed period, or, set to cancel at period
 * end, a final invoice of the usage alone before the cancel. Like every command the scheduler causes, none of these
 * is refused: a repeated close, or an answer nothing waits for, is accepted and changes nothing.
 */
final class UsageRules {

    private UsageRules() {}

    /**
     * An active subscription with a metered item reached its period's end: the period closes and the subscription
     * awaits its usage, once (a re-fired renewal while it waits, or after its renewal was invoiced, changes nothing).
     */
    static SubscriptionDecision close(Existing state) {
        var d = state.details();
        var cycle = d.cycle();
        var current = cycle.currentPeriod();
        if (current.end().equals(d.usageAwaitedFor())
                || !cycle.cancelAtPeriodEnd() && RenewalRules.renewalExists(d, current.end())) {
            return SubscriptionDecision.accept();
        }
        var next = BillingPeriods.periodFrom(
                current.end(), cycle.anchor(), d.plan().interval());
        return SubscriptionDecision.accept(new UsagePeriodClosing(current, next.end()));
    }

    /**
     * The usage of the awaited period arrived. Still the current period: an active subscription gets its renewal
     * invoice (the next period's licensed line, unless the licensed amount is zero, then a usage line per metered item
     * for the closed period, then the pending lines and the discount, {@link InvoiceComposer}), charged at once, a
     * total above the mandate staying open with {@code amount_exceeds_mandate} ({@link Charging}); one set to cancel
     * at period end gets a final invoice of its usage (when it costs anything), charged, and is then canceled. Paused
     * or past due meanwhile, or the period moved (resumed anew): nothing is billed and nothing waits any more; a later
     * renewal closes the period again and the usage processor answers the same quantities.
     */
    static SubscriptionDecision record(Existing state, RecordUsage command, DunningPolicy dunning) {
        var d = state.details();
        var awaited = d.usageAwaitedFor();
        if (state instanceof Canceled || awaited == null || !awaited.equals(command.periodEnd())) {
            return SubscriptionDecision.accept();
        }
        var t = new Transition(state).apply(new UsageRecorded(awaited));
        var current = d.cycle().currentPeriod();
        if (!current.end().equals(awaited)) {
            return t.accept();
        }
        var now = command.requestedAt();
        var invoiceId = Ids.derivedId(IdPrefix.INVOICE, now, command.commandId());
        var usage = usageLines(d.plan(), current, command);
        if (d.cycle().cancelAtPeriodEnd()) {
            if (usage.stream().anyMatch(line -> !line.amount().isZero())) {
                var invoice = InvoiceComposer.open(
                        t, invoiceId, usage, BillingReason.SUBSCRIPTION_CYCLE, current, current.end(), now);
                Charging.attempt(t, invoice, null, now, dunning);
            }
            return LifecycleRules.cancelNow(t, now).accept();
        }
        if (!(state instanceof Active) || RenewalRules.renewalExists(d, current.end())) {
            return t.accept();
        }
        var period = BillingPeriods.periodFrom(
                current.end(), d.cycle().anchor(), d.plan().interval());
        var lines = new ArrayList<InvoiceLine>();
        if (!d.plan().amount().isZero() || usage.isEmpty()) {
            lines.add(InvoiceLine.subscription(d.plan(), period));
        }
        lines.addAll(usage);
        var invoice =
                InvoiceComposer.open(t, invoiceId, lines, BillingReason.SUBSCRIPTION_CYCLE, period, current.end(), now);
        Charging.attempt(t, invoice, null, now, dunning);
        return t.accept();
    }

    /** One usage line per metered item, in the items' order, for {@code closed}. */
    static List<InvoiceLine> usageLines(Plan plan, Period closed, RecordUsage command) {
        return plan.meteredItems().stream()
                .map(item -> item.usageLine(command.quantityOf(item.itemId()), closed))
                .toList();
    }
}
