package io.abk.billing.streams.domain.subscription;

import io.abk.billing.streams.domain.subscription.SettlementResult.Failed;
import io.abk.billing.streams.domain.subscription.SettlementResult.Succeeded;
import io.abk.billing.streams.domain.subscription.SubscriptionCommand.SettleCharge;
import io.abk.billing.streams.domain.subscription.SubscriptionCommand.SettleRefund;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoiceRefunded;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SettlementClosed;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;

/**
 * Settlement's answers. Each closes exactly the request it answers (a result for nothing in flight is refused, so
 * an answer is applied once even if its command id was forgotten), then applies the outcome to the invoice. The
 * time of the outcome is the request's {@code requestedAt}, which the result command carries.
 */
final class SettlementRules {

    private SettlementRules() {
    }

    /**
     * Success: paid, whatever happened to the invoice meanwhile (money that moved on chain is never lost).
     * Failure: the dunning rules of {@link Charging#failed}.
     */
    static Decision settleCharge(Existing state, SettleCharge command, DunningPolicy dunning) {
        var settlement = state.details().settlements().find(command.attemptId()).orElse(null);
        if (settlement == null || settlement.kind() != SettlementKind.CHARGE
                || !settlement.invoiceId().equals(command.invoiceId())) {
            return unknown(command.attemptId(), command.invoiceId());
        }
        var invoice = InvoiceRules.invoiceOf(state, command.invoiceId());
        var t = new Transition(state).apply(new SettlementClosed(settlement.requestId()));
        switch (command.result()) {
            case Succeeded succeeded -> {
                if (invoice.status() == InvoiceStatus.PAID || invoice.status() == InvoiceStatus.REFUNDED) {
                    // One charge in flight per invoice and none for a paid one: a second payment is a bug to look at.
                    throw new IllegalStateException("invoice " + invoice.id() + " is " + invoice.status().apiName()
                            + " and attempt " + command.attemptId() + " paid it again");
                }
                Charging.paid(t, invoice, command.requestedAt(), succeeded.txHash());
            }
            case Failed failed -> Charging.failed(t, invoice, failed.failure(), command.requestedAt(), dunning);
        }
        return t.accept();
    }

    /** Success: refunded by that much. Failure: the reservation is released and the refund reported as failed. */
    static Decision settleRefund(Existing state, SettleRefund command) {
        var settlement = state.details().settlements().find(command.refundId()).orElse(null);
        if (settlement == null || settlement.kind() != SettlementKind.REFUND
                || !settlement.invoiceId().equals(command.invoiceId()) || !settlement.amount().equals(command.amount())) {
            return unknown(command.refundId(), command.invoiceId());
        }
        var invoice = InvoiceRules.invoiceOf(state, command.invoiceId());
        var t = new Transition(state).apply(new SettlementClosed(settlement.requestId()));
        return switch (command.result()) {
            case Succeeded succeeded -> t.apply(new InvoiceRefunded(
                    invoice.refunded(settlement.amount(), succeeded.txHash(), command.requestedAt()),
                    settlement.amount())).accept();
            case Failed failed -> t.fail(RejectionReason.REFUND_FAILED, failed.failure().message());
        };
    }

    private static Decision unknown(String requestId, String invoiceId) {
        return Decision.reject(RejectionReason.SETTLEMENT_UNKNOWN, "No settlement " + requestId + " of invoice "
                + invoiceId + " is in flight");
    }
}
