package io.abk.billing.gateway.checkout;

import static io.abk.billing.gateway.checkout.PageFrame.amount;
import static io.abk.billing.gateway.checkout.PageFrame.date;
import static io.abk.billing.gateway.checkout.PageFrame.page;
import static io.abk.billing.gateway.checkout.PageFrame.text;

import io.abk.billing.gateway.checkout.PageFrame.Root;
import io.abk.billing.gateway.readmodel.ResourceJson;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The hosted page of one finalized invoice, printable: the merchant (its brand, as the checkout shows it), the
 * invoice's number, status, dates, lines, subtotal, discount and total, and the transaction that paid it, linked to the
 * mode's block explorer when it has one. Nothing to do on it, so no script. The markup is
 * {@code checkout/invoice.mustache}.
 */
final class InvoicePage {

    private static final Map<String, String> STATUS = Map.of(
            "open", "Open",
            "paid", "Paid",
            "uncollectible", "Uncollectible",
            "void", "Void",
            "refunded", "Refunded");

    private InvoicePage() {}

    /**
     * @param invoice the invoice as the API shows it
     * @param explorerUrl the block explorer of the invoice's mode; null when it has none
     * @param testMode whether the invoice is of test mode
     */
    static String render(JsonNode invoice, CheckoutBrand brand, @Nullable String explorerUrl, boolean testMode) {
        var merchant = text(brand.name());
        var number = text(ResourceJson.text(invoice, "number"));
        var status = text(ResourceJson.text(invoice, "status"));
        var txHash = text(ResourceJson.text(invoice, "txHash"));
        var model = new HashMap<String, Object>();
        model.put("merchant", merchant);
        model.put("number", number);
        model.put("invoiceId", text(ResourceJson.text(invoice, "id")));
        model.put("status", STATUS.getOrDefault(status, status));
        model.put("issued", text(date(text(ResourceJson.text(invoice, "finalizedAt")))));
        model.put("periodStart", text(date(text(ResourceJson.text(invoice, "periodStart")))));
        model.put("periodEnd", text(date(text(ResourceJson.text(invoice, "periodEnd")))));
        model.put("dueAt", "open".equals(status) ? text(date(text(ResourceJson.text(invoice, "dueAt")))) : "");
        model.put("paidAt", text(date(text(ResourceJson.text(invoice, "paidAt")))));
        model.put("txHash", txHash);
        model.put(
                "txUrl",
                explorerUrl == null || txHash.isEmpty() ? "" : explorerUrl.replaceAll("/+$", "") + "/tx/" + txHash);
        model.put("lines", lines(invoice.path("lines")));
        var discount = invoice.path("discountUsdc");
        model.put("subtotal", amount(invoice.path("subtotalUsdc")));
        model.put("hasDiscount", discount.isNumber() && discount.decimalValue().compareTo(BigDecimal.ZERO) != 0);
        model.put("discount", amount(discount));
        model.put("total", amount(invoice.path("amountUsdc")));
        model.put("sandbox", testMode);
        return page(
                "Invoice " + number + (merchant.isEmpty() ? "" : " from " + merchant),
                Root.inert(status),
                CheckoutTemplates.INVOICE.execute(model),
                brand);
    }

    private static List<Map<String, String>> lines(JsonNode lines) {
        var out = new ArrayList<Map<String, String>>();
        for (var line : lines) {
            var start = date(text(ResourceJson.text(line, "periodStart")));
            var end = date(text(ResourceJson.text(line, "periodEnd")));
            out.add(Map.of(
                    "description", text(ResourceJson.text(line, "description")),
                    "period", start == null || end == null ? "" : start + " to " + end,
                    "quantity", text(line.path("quantity")),
                    "amount", amount(line.path("amountUsdc"))));
        }
        return out;
    }

    /** The page for a token that names no invoice. */
    static String notFound() {
        return PageFrame.notFound(
                "Invoice not found", "This link does not name an invoice. Ask the merchant for a new link.");
    }
}
