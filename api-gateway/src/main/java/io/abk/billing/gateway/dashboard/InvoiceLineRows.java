package io.abk.billing.gateway.dashboard;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The invoice page's lines: each line's description, period, quantity, unit amount and amount, then the subtotal, the
 * discount and the total, all exact. An invoice the read model holds without lines (rendered before invoices had
 * them) shows no lines rather than a made-up one.
 */
final class InvoiceLineRows {

    private InvoiceLineRows() {}

    /**
     * Puts the page's {@code invoiceLines}: one table of rows and sums, or none for an invoice without lines (a list,
     * since the templates' sections must be there).
     */
    static void put(Map<String, Object> model, JsonNode invoice) {
        var lines = invoice.path("lines");
        if (!lines.isArray() || lines.isEmpty()) {
            model.put("invoiceLines", List.of());
            return;
        }
        var rows = new ArrayList<Map<String, Object>>();
        for (var line : lines) {
            rows.add(Map.of(
                    "kind", Shown.text(line, "kind"),
                    "description", Shown.text(line, "description"),
                    "period", Shown.date(line, "periodStart") + " to " + Shown.date(line, "periodEnd"),
                    "quantity", Shown.text(line, "quantity"),
                    "unit", Shown.usdc(line, "unitAmountUsdc"),
                    "amount", Shown.usdc(line, "amountUsdc")));
        }
        model.put(
                "invoiceLines",
                List.of(Map.of(
                        "rows", List.copyOf(rows),
                        "subtotal", Shown.usdc(invoice, "subtotalUsdc"),
                        "discount", discount(invoice.path("discountUsdc")),
                        "total", Shown.usdc(invoice, "amountUsdc"))));
    }

    /** The discount as it is taken off: {@code -2.00 USDC}, or {@code 0.00 USDC} without one. */
    private static String discount(JsonNode discount) {
        if (!discount.isNumber()) {
            return Shown.NONE;
        }
        return Shown.usdc(
                discount.decimalValue().signum() == 0
                        ? BigDecimal.ZERO
                        : discount.decimalValue().negate());
    }
}
