package io.abk.billing.streams.subscription.domain;

import java.time.Instant;

/**
 * What the invoice numbering gave an invoice: its {@code number} ({@code ACME-000001}), when it was finalized, and
 * the public page that shows it ({@code <public url>/invoice/<token>}). Set once; docs/architecture.md, "Invoice
 * numbers".
 */
public record InvoiceFinalization(String number, Instant finalizedAt, String hostedInvoiceUrl) {

    public InvoiceFinalization {
        if (number.isBlank() || hostedInvoiceUrl.isBlank()) {
            throw new IllegalArgumentException("a finalized invoice has a number and a hosted page");
        }
    }
}
