package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceVoided;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.RefundRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Charge;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Refund;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.VoidInvoice;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;

/**
 * Commands on one invoice: charge, refund, void (docs/architecture.md, "Invoice"). The decider has checked that the
 * invoice belongs to the subscription. One charge of an invoice runs at a time, so of any number of concurrent
 * charges one attempt is made and the others are refused; refunds in flight count as refunded, so concurrent
 * refunds can never return more than was paid.
 */
final class InvoiceRules {

    private InvoiceRules() {}

    /** An open or uncollectible invoice with no charge in flight, of a subscription that is not canceled. */
    static SubscriptionDecision charge(Existing state, Charge command, DunningPolicy dunning) {
        var invoice = invoiceOf(state, command.invoiceId());
        if (state instanceof Canceled) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.INVOICE_NOT_CHARGEABLE, LifecycleRules.finalMessage(state));
        }
        if (invoice.status() != InvoiceStatus.OPEN && invoice.status() != InvoiceStatus.UNCOLLECTIBLE) {
            return wrongStatus(
                    SubscriptionRejection.INVOICE_NOT_CHARGEABLE,
                    invoice,
                    "only an open or uncollectible invoice can be charged");
        }
        if (state.details().settlements().chargeInFlight(invoice.id())) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.INVOICE_NOT_CHARGEABLE,
                    "Invoice " + invoice.id()
                            + " has a charge in flight; only one charge of an invoice runs at a time");
        }
        var t = new Transition(state);
        Charging.attempt(t, invoice, command.sandboxMode(), command.requestedAt(), dunning);
        return t.accept();
    }

    /**
     * Part ({@code amount}) or all of what is left of a paid invoice, where left = paid - refunded - refunds in
     * flight. The refund reserves its amount until settlement answers.
     */
    static SubscriptionDecision refund(Existing state, Refund command) {
        var invoice = invoiceOf(state, command.invoiceId());
        var settlements = state.details().settlements();
        if (invoice.status() != InvoiceStatus.PAID) {
            return wrongStatus(
                    SubscriptionRejection.INVOICE_NOT_REFUNDABLE, invoice, "only a paid invoice can be refunded");
        }
        var left = invoice.refundable().minus(settlements.refundsInFlight(invoice.id()));
        if (left.isZero()) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.INVOICE_NOT_REFUNDABLE,
                    "Invoice " + invoice.id() + " has nothing left to refund (refunds in flight count as refunded)");
        }
        var amount = command.amount() != null ? command.amount() : left;
        if (amount.isZero()) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.INVOICE_NOT_REFUNDABLE, "A refund amount must be positive");
        }
        if (amount.compareTo(left) > 0) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.AMOUNT_TOO_LARGE,
                    "A refund of " + amount + " exceeds the " + left + " left to refund on invoice " + invoice.id());
        }
        var settlement = Settlement.refund(invoice.id(), settlements.refundCount() + 1, amount, command.requestedAt());
        return new Transition(state)
                .apply(new RefundRequested(settlement, invoice.txHash()))
                .accept();
    }

    /** An open invoice with no charge in flight (the charge's result decides it). */
    static SubscriptionDecision voidInvoice(Existing state, VoidInvoice command) {
        var invoice = invoiceOf(state, command.invoiceId());
        if (invoice.status() != InvoiceStatus.OPEN) {
            return wrongStatus(
                    SubscriptionRejection.INVOICE_NOT_VOIDABLE, invoice, "only an open invoice can be voided");
        }
        if (state.details().settlements().chargeInFlight(invoice.id())) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.INVOICE_NOT_VOIDABLE,
                    "Invoice " + invoice.id() + " has a charge in flight; it can be voided once the charge has failed");
        }
        return new Transition(state)
                .apply(new InvoiceVoided(invoice.voided(command.requestedAt())))
                .accept();
    }

    /** Refuses a command the invoice's status does not allow: "Invoice in_... is paid; {@code rule}". */
    private static SubscriptionDecision wrongStatus(SubscriptionRejection reason, Invoice invoice, String rule) {
        return SubscriptionDecision.reject(
                reason, "Invoice " + invoice.id() + " is " + invoice.status().apiName() + "; " + rule);
    }

    static Invoice invoiceOf(Existing state, String invoiceId) {
        return state.details()
                .invoice(invoiceId)
                .orElseThrow(() -> new IllegalStateException(
                        "the decider checks that invoice " + invoiceId + " belongs to " + state.id()));
    }
}
