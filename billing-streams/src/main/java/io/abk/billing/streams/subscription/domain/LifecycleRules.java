package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceVoided;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCanceled;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPaused;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionResumed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionUpdated;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Cancel;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Pause;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Resume;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.RevokeMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Paused;
import java.time.Instant;
import java.util.List;

/**
 * Cancel, resume, pause and the on-chain mandate revocation: the subscription's moves between its statuses
 * (docs/architecture.md, "Subscription lifecycle"). Canceled is final: every command here refuses a canceled
 * subscription.
 */
final class LifecycleRules {

    private LifecycleRules() {}

    /**
     * Immediate: canceled now, mandate revoked, every open invoice voided, except one whose charge is in flight,
     * which stays open until its result (paid if the money moved, else voided). At period end: a flag, set once.
     */
    static SubscriptionDecision cancel(Existing state, Cancel command) {
        if (state instanceof Canceled) {
            return SubscriptionDecision.reject(SubscriptionRejection.CANCEL_FAILED, finalMessage(state));
        }
        if (command.immediate()) {
            return cancelNow(state, command.requestedAt());
        }
        var t = new Transition(state);
        var d = state.details();
        if (d.cycle().cancelAtPeriodEnd()) {
            return t.accept();
        }
        return t.apply(new SubscriptionUpdated(
                        d.plan(), d.cycle().withCancelAtPeriodEnd(true), d.metadata(), d.mandate()))
                .accept();
    }

    /**
     * Paused: active again with a new period from now (anchored now, so renewals fall on this day), its invoice
     * created and charged at once; a pending cancel at period end is dropped too. Otherwise only a cancel at
     * period end can be resumed (undone).
     */
    static SubscriptionDecision resume(Existing state, Resume command, DunningPolicy dunning) {
        var d = state.details();
        if (state instanceof Canceled) {
            return SubscriptionDecision.reject(SubscriptionRejection.RESUME_FAILED, finalMessage(state));
        }
        var t = new Transition(state);
        if (state instanceof Paused) {
            var now = command.requestedAt();
            var period = BillingPeriods.periodFrom(now, now, d.plan().interval());
            var cycle = new BillingCycle(period, now, d.cycle().trialEnd(), false);
            var invoiceId = Ids.derivedId(IdPrefix.INVOICE, now, command.commandId());
            t.apply(new SubscriptionResumed(cycle));
            var invoice = InvoiceComposer.open(
                    t,
                    invoiceId,
                    List.of(InvoiceLine.subscription(d.plan(), period)),
                    BillingReason.SUBSCRIPTION_RESUME,
                    period,
                    now,
                    now);
            Charging.attempt(t, invoice, null, now, dunning);
            return t.accept();
        }
        if (d.cycle().cancelAtPeriodEnd()) {
            return t.apply(new SubscriptionUpdated(
                            d.plan(), d.cycle().withCancelAtPeriodEnd(false), d.metadata(), d.mandate()))
                    .accept();
        }
        return SubscriptionDecision.reject(
                SubscriptionRejection.RESUME_FAILED,
                "Subscription " + state.id() + " is "
                        + Statuses.name(state) + " and not set to cancel at period end; only a paused subscription or a"
                        + " cancel at period end can be resumed");
    }

    static SubscriptionDecision pause(Existing state, Pause command) {
        if (!(state instanceof Active)) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.PAUSE_FAILED,
                    state instanceof Canceled
                            ? finalMessage(state)
                            : "Subscription " + state.id() + " is " + Statuses.name(state)
                                    + "; only an active subscription can be paused");
        }
        return new Transition(state)
                .apply(new SubscriptionPaused(command.requestedAt()))
                .accept();
    }

    /** The customer revoked the mandate on chain: no more charges, so the subscription ends at its period end. */
    static SubscriptionDecision revokeMandate(Existing state, RevokeMandate command) {
        if (state instanceof Canceled) {
            return SubscriptionDecision.reject(SubscriptionRejection.UPDATE_FAILED, finalMessage(state));
        }
        var d = state.details();
        var mandate = d.mandate().revoked();
        var cycle = d.cycle().withCancelAtPeriodEnd(true);
        var t = new Transition(state);
        if (mandate.equals(d.mandate()) && cycle.equals(d.cycle())) {
            return t.accept();
        }
        return t.apply(new SubscriptionUpdated(d.plan(), cycle, d.metadata(), mandate))
                .accept();
    }

    /**
     * Canceled at {@code at} (the state is not canceled yet): every open invoice voided except one whose charge is
     * in flight, then the subscription canceled with its mandate. Shared by an immediate cancel, a cancel at period
     * end reached and an incomplete subscription's expiry.
     */
    static SubscriptionDecision cancelNow(Existing state, Instant at) {
        return cancelNow(new Transition(state), at).accept();
    }

    /** As {@link #cancelNow(Existing, Instant)}, after what {@code t} did so far (a final usage invoice charged). */
    static Transition cancelNow(Transition t, Instant at) {
        var d = t.details();
        for (var invoice : d.invoices()) {
            if (invoice.status() == InvoiceStatus.OPEN && !d.settlements().chargeInFlight(invoice.id())) {
                t.apply(new InvoiceVoided(invoice.voided(at)));
            }
        }
        return t.apply(new SubscriptionCanceled(at));
    }

    static String finalMessage(Existing state) {
        return "Subscription " + state.id() + " is canceled; canceled is final";
    }
}
