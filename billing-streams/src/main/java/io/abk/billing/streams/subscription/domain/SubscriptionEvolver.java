package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.Evolution;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.AllowanceLow;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.CustomerActionRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.CustomerActionSettled;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.DiscountApplied;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.DiscountEnded;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.FundingCheckAnswered;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.FundingCheckRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceFinalized;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceLinesPending;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaid;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaymentFailed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceRefunded;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceReopened;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceRepriced;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceVoided;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.MandateSignatureRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.MandateSignatureSettled;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.PeriodAdvanced;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.RefundRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.RenewalUpcoming;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SettlementClosed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionActivated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionBecameActive;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCanceled;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPaused;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionResumed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionUpdated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.UsagePeriodClosing;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.UsageRecorded;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Absent;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import io.abk.billing.streams.subscription.domain.SubscriptionState.PastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Paused;
import java.util.List;

/**
 * The subscription's {@code evolve}: one event applied to a state, and a command's events in order. Deliberately
 * dumb: events say what changed (the invoice after the change, the new cycle), the rules decided it, so nothing here
 * recomputes a rule. An event that cannot apply to the state (a second create, a status move from a status that
 * cannot make it) can only come from a bug: throws.
 */
public final class SubscriptionEvolver {

    private SubscriptionEvolver() {}

    public static SubscriptionState evolve(SubscriptionState state, SubscriptionEvent event) {
        return switch (state) {
            case Absent absent ->
                switch (event) {
                    case SubscriptionCreated created -> new Incomplete(created.subscription());
                    default ->
                        throw new IllegalStateException(
                                event.getClass().getSimpleName() + " on a subscription that does not exist");
                };
            case Existing existing -> evolveExisting(existing, event);
        };
    }

    /** Applies {@code events} in order. */
    public static SubscriptionState evolveAll(SubscriptionState state, List<SubscriptionEvent> events) {
        return Evolution.evolveAll(state, events, SubscriptionEvolver::evolve);
    }

    static Existing evolveExisting(Existing state, SubscriptionEvent event) {
        return switch (event) {
            case SubscriptionCreated created ->
                throw new IllegalStateException("subscription " + state.id() + " exists and cannot be created again");
            case InvoiceCreated added -> state.mapDetails(d -> d.withNewInvoice(added.invoice()));
            case SubscriptionActivated activated -> state.mapDetails(d -> d.with(b -> b.mandate(activated.mandate())));
            case SubscriptionUpdated updated ->
                state.mapDetails(d -> d.with(b -> b.plan(updated.plan())
                        .cycle(updated.cycle())
                        .metadata(updated.metadata())
                        .mandate(updated.mandate())));
            case DiscountApplied applied -> state.mapDetails(d -> d.with(b -> b.discount(applied.discount())));
            case DiscountEnded ended -> state.mapDetails(d -> d.with(b -> b.discount(null)));
            case InvoiceLinesPending pending -> state.mapDetails(d -> d.with(b -> b.pendingLines(pending.lines())));
            case InvoiceRepriced repriced -> state.mapDetails(d -> d.withInvoice(repriced.invoice()));
            case SubscriptionPastDue pastDue -> new PastDue(from(state, event, Incomplete.class, Active.class));
            case SubscriptionCanceled canceled -> {
                var details = notCanceled(state, event);
                yield new Canceled(details.with(b -> b.mandate(details.mandate().revoked())), canceled.canceledAt());
            }
            case SubscriptionPaused paused -> new Paused(from(state, event, Active.class), paused.pausedAt());
            case SubscriptionResumed resumed ->
                new Active(from(state, event, Paused.class).with(b -> b.cycle(resumed.cycle())));
            case SubscriptionBecameActive active -> new Active(from(state, event, Incomplete.class, PastDue.class));
            case PeriodAdvanced advanced ->
                state.mapDetails(d -> d.with(b -> b.cycle(d.cycle().withPeriod(advanced.period()))));
            case ChargeRequested requested ->
                state.mapDetails(d -> d.withInvoice(requested.invoice())
                        .with(b -> b.settlements(d.settlements().started(requested.settlement()))));
            case RefundRequested requested ->
                state.mapDetails(d -> d.with(b -> b.settlements(d.settlements().started(requested.settlement()))));
            case SettlementClosed closed ->
                state.mapDetails(d -> d.with(b -> b.settlements(d.settlements().closed(closed.requestId()))));
            case InvoicePaid paid -> state.mapDetails(d -> d.withInvoice(paid.invoice()));
            case InvoicePaymentFailed failed -> state.mapDetails(d -> d.withInvoice(failed.invoice()));
            case InvoiceRefunded refunded -> state.mapDetails(d -> d.withInvoice(refunded.invoice()));
            case InvoiceReopened reopened -> state.mapDetails(d -> d.withInvoice(reopened.invoice()));
            case InvoiceVoided voided -> state.mapDetails(d -> d.withInvoice(voided.invoice()));
            case InvoiceFinalized finalized -> state.mapDetails(d -> d.withInvoice(finalized.invoice()));
            case MandateSignatureRequested requested ->
                state.mapDetails(d -> d.with(b -> b.mandateSignature(requested.signature())));
            case MandateSignatureSettled settled ->
                state.mapDetails(d -> d.with(b -> b.mandateSignature(settled.signature())));
            case CustomerActionRequested requested ->
                state.mapDetails(
                        d -> d.with(b -> b.customerActions(d.customerActions().submitted(requested.action()))));
            case CustomerActionSettled settled ->
                state.mapDetails(
                        d -> d.with(b -> b.customerActions(d.customerActions().settled(settled.action()))));
            case FundingCheckRequested requested ->
                state.mapDetails(d -> d.with(b -> b.fundingCheck(requested.check())));
            case FundingCheckAnswered answered -> state.mapDetails(d -> d.with(b -> b.fundingCheck(answered.check())));
            case UsagePeriodClosing closing ->
                state.mapDetails(
                        d -> d.with(b -> b.usageAwaitedFor(closing.period().end())));
            case UsageRecorded recorded -> state.mapDetails(d -> d.with(b -> b.usageAwaitedFor(null)));
            case RenewalUpcoming upcoming -> state;
            case AllowanceLow low -> state;
        };
    }

    @SafeVarargs
    private static SubscriptionDetails from(
            Existing state, SubscriptionEvent event, Class<? extends Existing>... allowed) {
        for (var status : allowed) {
            if (status.isInstance(state)) {
                return state.details();
            }
        }
        throw new IllegalStateException(event.getClass().getSimpleName() + " cannot apply to subscription " + state.id()
                + " in status " + state.getClass().getSimpleName());
    }

    private static SubscriptionDetails notCanceled(Existing state, SubscriptionEvent event) {
        if (state instanceof Canceled) {
            throw new IllegalStateException(
                    event.getClass().getSimpleName() + " on canceled subscription " + state.id());
        }
        return state.details();
    }
}
