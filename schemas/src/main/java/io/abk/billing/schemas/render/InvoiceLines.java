package io.abk.billing.schemas.render;

import io.abk.billing.schemas.avro.InvoiceLineSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.money.UsdcAmount;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The lines and subtotal of an invoice snapshot, including one stored before invoices had lines (its lines empty, its
 * subtotal null): such an invoice was one subscription charge, so it reads as one {@code subscription} line of its
 * amount over its period. The API and billing-streams both read old invoices through here, so they see the same line
 * (docs/architecture.md, "Invoice").
 */
public final class InvoiceLines {

    /** The kind of the one line of an invoice stored without lines. */
    public static final String SUBSCRIPTION = "subscription";

    private InvoiceLines() {}

    /** The invoice's lines; for an invoice stored without them, its derived line. */
    public static List<InvoiceLineSnapshot> of(InvoiceSnapshot invoice) {
        return storedWithoutLines(invoice) ? List.of(derived(invoice)) : invoice.getLines();
    }

    /** The sum of the lines that are not discounts; for an invoice stored without lines, its amount. */
    public static long subtotalMicros(InvoiceSnapshot invoice) {
        var subtotal = invoice.getSubtotalMicros();
        return subtotal == null ? invoice.getAmountMicros() : subtotal;
    }

    /** Whether the invoice was stored before invoices had lines. */
    public static boolean storedWithoutLines(InvoiceSnapshot invoice) {
        return invoice.getLines().isEmpty() && invoice.getSubtotalMicros() == null;
    }

    /**
     * The one line of an invoice stored without lines: its whole amount, once, over its period. The snapshot does not
     * say the plan's interval (a PATCH may have changed it since), so the description names the period's dates, e.g.
     * {@code 12 USDC for 2026-01-01 to 2026-02-01}.
     */
    static InvoiceLineSnapshot derived(InvoiceSnapshot invoice) {
        var amount = invoice.getAmountMicros();
        var description = UsdcAmount.ofMicros(amount).toDecimal().toPlainString() + " USDC for "
                + invoice.getPeriodStart().atZone(ZoneOffset.UTC).toLocalDate() + " to "
                + invoice.getPeriodEnd().atZone(ZoneOffset.UTC).toLocalDate();
        return InvoiceLineSnapshot.newBuilder()
                .setKind(SUBSCRIPTION)
                .setDescription(description)
                .setPeriodStart(invoice.getPeriodStart())
                .setPeriodEnd(invoice.getPeriodEnd())
                .setQuantity(1)
                .setUnitAmountMicros(amount)
                .setAmountMicros(amount)
                .build();
    }
}
