package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ChargeDue;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ExpireIncomplete;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Renew;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import java.time.Instant;
import java.util.List;

/**
 * What the renewal scheduler fires when a due time is reached (docs/architecture.md, "Renewals and other due work"):
 * the end of a period, a charge attempt's due time, the end of an incomplete subscription's setup window. The scheduler
 * fires from snapshots that may be stale by the time its command arrives, and re-fires after a crash, so none of these
 * is ever refused: a command that no longer applies is accepted and changes nothing.
 */
final class RenewalRules {

    private RenewalRules() {}

    /**
     * The period ending at {@code periodEnd} is over. Set to cancel at period end (any status): canceled now, as an
     * immediate cancel. Active with a metered item: the usage processor is asked to close the period, and the renewal
     * waits for its answer ({@link UsageRules}). Active: the next period's {@code subscription_cycle} invoice (with the lines pending from changes and the
     * discount, {@link InvoiceComposer}), charged at once; the period
     * moves only when it is paid ({@link Charging#paid}). Anything else (paused, past due, incomplete, a period
     * that has moved on) renews nothing.
     */
    static SubscriptionDecision renew(Existing state, Renew command, DunningPolicy dunning) {
        var d = state.details();
        var current = d.cycle().currentPeriod();
        if (state instanceof Canceled || !command.periodEnd().equals(current.end())) {
            return SubscriptionDecision.accept();
        }
        if (state instanceof Active && d.plan().isMetered()) {
            // The period's usage is billed in arrears: the renewal (or, set to cancel, the final usage invoice) waits
            // for the usage processor's RecordUsage (UsageRules).
            return UsageRules.close(state);
        }
        if (d.cycle().cancelAtPeriodEnd()) {
            return LifecycleRules.cancelNow(state, command.requestedAt());
        }
        if (!(state instanceof Active) || renewalExists(d, current.end())) {
            // A renewal already invoiced for this period (still being charged or retried) is not billed again, even
            // if the scheduler fires it again after the command id was forgotten.
            return SubscriptionDecision.accept();
        }
        var now = command.requestedAt();
        var period = BillingPeriods.periodFrom(
                current.end(), d.cycle().anchor(), d.plan().interval());
        var invoiceId = Ids.derivedId(IdPrefix.INVOICE, now, command.commandId());
        var t = new Transition(state);
        var invoice = InvoiceComposer.open(
                t,
                invoiceId,
                List.of(InvoiceLine.subscription(d.plan(), period)),
                BillingReason.SUBSCRIPTION_CYCLE,
                period,
                current.end(),
                now);
        Charging.attempt(t, invoice, null, now, dunning);
        return t.accept();
    }

    /**
     * Attempt {@code attempt} of an open invoice is due: charged when it is still the next attempt, nothing is in
     * flight and the subscription is not canceled. A manual charge made meanwhile, a payment, a void or the
     * invoice turning uncollectible make the scheduled attempt stale.
     */
    static SubscriptionDecision chargeDue(Existing state, ChargeDue command, DunningPolicy dunning) {
        var invoice = InvoiceRules.invoiceOf(state, command.invoiceId());
        if (state instanceof Canceled
                || invoice.status() != InvoiceStatus.OPEN
                || invoice.attemptCount() != command.attempt() - 1
                || state.details().settlements().chargeInFlight(invoice.id())) {
            return SubscriptionDecision.accept();
        }
        var t = new Transition(state);
        Charging.attempt(t, invoice, null, command.requestedAt(), dunning);
        return t.accept();
    }

    /** 24 h after creation the mandate is still pending: canceled, its open invoices voided. Else nothing. */
    static SubscriptionDecision expireIncomplete(Existing state, ExpireIncomplete command) {
        if (!(state instanceof Incomplete) || state.details().mandate().status() != MandateStatus.PENDING) {
            return SubscriptionDecision.accept();
        }
        return LifecycleRules.cancelNow(state, command.requestedAt());
    }

    static boolean renewalExists(SubscriptionDetails d, Instant periodStart) {
        return d.invoices().stream()
                .anyMatch(invoice -> invoice.billingReason() == BillingReason.SUBSCRIPTION_CYCLE
                        && invoice.period().start().equals(periodStart));
    }
}
