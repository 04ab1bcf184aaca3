package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SettlementResult.Failed;
import io.abk.billing.streams.subscription.domain.SettlementResult.Succeeded;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceRefunded;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceReopened;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SettlementClosed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.ReverseCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleRefund;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;

/**
 * Settlement's answers. Each closes exactly the request it answers (a result for nothing in flight is refused, so
 * an answer is applied once even if its command id was forgotten), then applies the outcome to the invoice. The
 * time of the outcome is the request's {@code requestedAt}, which the result command carries. A charge that
 * settled on chain and was later reorged out is undone by {@link #reverseCharge}.
 */
final class SettlementRules {

    /** The failure code of {@code invoice.reopened}: the charge that paid it is no longer on the chain. */
    static final String CHARGE_REVERSED = "CHARGE_REVERSED";

    private SettlementRules() {}

    /**
     * Success: paid, whatever happened to the invoice meanwhile (money that moved on chain is never lost).
     * Failure: the dunning rules of {@link Charging#failed}.
     */
    static SubscriptionDecision settleCharge(Existing state, SettleCharge command, DunningPolicy dunning) {
        var settlement = state.details().settlements().find(command.attemptId()).orElse(null);
        if (settlement == null
                || settlement.kind() != SettlementKind.CHARGE
                || !settlement.invoiceId().equals(command.invoiceId())) {
            return unknown(command.attemptId(), command.invoiceId());
        }
        var invoice = InvoiceRules.invoiceOf(state, command.invoiceId());
        var t = new Transition(state).apply(new SettlementClosed(settlement.requestId()));
        switch (command.result()) {
            case Succeeded succeeded -> {
                if (invoice.status() == InvoiceStatus.PAID || invoice.status() == InvoiceStatus.REFUNDED) {
                    // One charge in flight per invoice and none for a paid one: a second payment is a bug to look at.
                    throw new IllegalStateException("invoice " + invoice.id() + " is "
                            + invoice.status().apiName() + " and attempt " + command.attemptId() + " paid it again");
                }
                Charging.paid(t, invoice, command.requestedAt(), succeeded.txHash(), command.gas());
            }
            case Failed failed -> Charging.failed(t, invoice, failed.failure(), command.requestedAt(), dunning);
        }
        return t.accept();
    }

    /** Success: refunded by that much. Failure: the reservation is released and the refund reported as failed. */
    static SubscriptionDecision settleRefund(Existing state, SettleRefund command) {
        var settlement = state.details().settlements().find(command.refundId()).orElse(null);
        if (settlement == null
                || settlement.kind() != SettlementKind.REFUND
                || !settlement.invoiceId().equals(command.invoiceId())
                || !settlement.amount().equals(command.amount())) {
            return unknown(command.refundId(), command.invoiceId());
        }
        var invoice = InvoiceRules.invoiceOf(state, command.invoiceId());
        var t = new Transition(state).apply(new SettlementClosed(settlement.requestId()));
        return switch (command.result()) {
            case Succeeded succeeded ->
                t.apply(new InvoiceRefunded(
                                invoice.refunded(settlement.amount(), succeeded.txHash(), command.requestedAt()),
                                settlement.amount()))
                        .accept();
            case Failed failed ->
                t.fail(SubscriptionRejection.REFUND_FAILED, failed.failure().message());
        };
    }

    private static SubscriptionDecision unknown(String requestId, String invoiceId) {
        return SubscriptionDecision.reject(
                SubscriptionRejection.SETTLEMENT_UNKNOWN,
                "No settlement " + requestId + " of invoice " + invoiceId + " is in flight");
    }

    /**
     * The charge {@code txHash} that paid the invoice left the chain: a paid invoice (partly refunded or not) of a
     * subscription that is not canceled, paid by that transaction (compared without case), is open again with the
     * reason, and due at once so the scheduler charges it again ({@link Invoice#reopened}); an active subscription
     * is past due until it is paid ({@link Charging#paid}). The period stays where it is: the renewal's payment
     * moved it, and paying the renewal again pays the same period. Anything else is accepted and changes nothing:
     * the chain side sends retractions without knowing what they paid.
     */
    static SubscriptionDecision reverseCharge(Existing state, ReverseCharge command) {
        var invoice = state.details().invoice(command.invoiceId()).orElse(null);
        var paidBy = invoice == null ? null : invoice.txHash();
        if (state instanceof Canceled
                || invoice == null
                || invoice.status() != InvoiceStatus.PAID
                || paidBy == null
                || !paidBy.equalsIgnoreCase(command.txHash())) {
            return SubscriptionDecision.accept();
        }
        var failure = new ChargeFailure(
                CHARGE_REVERSED,
                "The charge " + paidBy + " that paid invoice " + invoice.id()
                        + " is no longer on the chain (reorganisation); the invoice is open and will be charged again");
        var t = new Transition(state)
                .apply(new InvoiceReopened(invoice.reopened(failure, command.requestedAt()), failure));
        if (t.state() instanceof Active) {
            t.apply(new SubscriptionPastDue());
        }
        return t.accept();
    }
}
