package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceFinalized;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Finalize;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;

/**
 * The invoice numbering's answer to a new invoice: the invoice takes its number, finalization time and hosted page
 * once ({@code invoice.finalized}); a second answer for a numbered invoice is accepted and changes nothing. The
 * invoice's status is untouched: the number follows the invoice's creation by milliseconds, so the invoice may be
 * paid or void by then.
 */
final class FinalizationRules {

    private FinalizationRules() {}

    static SubscriptionDecision finalize(Existing state, Finalize command) {
        var invoice = state.details().invoice(command.invoiceId()).orElseThrow();
        if (invoice.finalization() != null) {
            return SubscriptionDecision.accept();
        }
        var finalization = new InvoiceFinalization(command.number(), command.requestedAt(), command.hostedInvoiceUrl());
        return SubscriptionDecision.accept(new InvoiceFinalized(invoice.finalized(finalization)));
    }
}
