package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.readmodel.ResourceJson;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The hosted invoice page's markup: what it shows of an invoice, what it leaves out, and that nothing runs on it. */
class InvoicePageTest {

    static final JsonNode PAID = ResourceJson.parse("""
            {"id":"inv_01jq0000000000000000000001","object":"invoice","number":"ACME-000042","status":"paid",
             "amountUsdc":10,"subtotalUsdc":12.5,"discountUsdc":2.5,
             "lines":[{"kind":"subscription","description":"12.5 USDC per month","periodStart":"2026-01-31T10:00:00Z",
                       "periodEnd":"2026-02-28T10:00:00Z","quantity":1,"unitAmountUsdc":12.5,"amountUsdc":12.5},
                      {"kind":"discount","description":"WELCOME <b>(20% off)</b>","periodStart":"2026-01-31T10:00:00Z",
                       "periodEnd":"2026-02-28T10:00:00Z","quantity":1,"unitAmountUsdc":-2.5,"amountUsdc":-2.5}],
             "periodStart":"2026-01-31T10:00:00Z","periodEnd":"2026-02-28T10:00:00Z","dueAt":"2026-01-31T10:00:00Z",
             "paidAt":"2026-01-31T10:00:30Z","finalizedAt":"2026-01-31T10:00:00.004Z",
             "txHash":"0xabababababababababababababababababababababababababababababababab","mode":"live"}
            """);

    @Test
    void shouldShowTheNumberLinesSumsAndExplorerLinkWhenTheInvoiceIsPaid() {
        var page = InvoicePage.render(
                PAID, new CheckoutBrand("Acme Tools", "#0f766e", null), "https://basescan.org/", false);

        assertThat(page)
                .contains("<h1>Invoice ACME-000042</h1>", "From Acme Tools", ">Paid<", "31 Jan 2026, 10:00 UTC")
                .contains("<td class=\"num\">12.5</td>", "<td class=\"num\">-2.5</td>", "<td class=\"num\">10</td>")
                .contains("href=\"https://basescan.org/tx/0xabab")
                .contains("WELCOME &lt;b&gt;(20% off)&lt;/b&gt;")
                .doesNotContain("<script", "Test mode", "<dt>Due</dt>");
    }

    @Test
    void shouldLeaveOutTheDiscountAndTheTransactionWhenTheInvoiceHasNeither() {
        var open = ResourceJson.parse(PAID.toString()
                .replace("\"paid\"", "\"open\"")
                .replace("\"discountUsdc\":2.5", "\"discountUsdc\":0")
                .replace(
                        "\"txHash\":\"0xabababababababababababababababababababababababababababababababab\"",
                        "\"txHash\":null")
                .replace("\"paidAt\":\"2026-01-31T10:00:30Z\"", "\"paidAt\":null"));

        var page = InvoicePage.render(open, CheckoutBrand.NONE, null, true);

        assertThat(page)
                .contains(">Open<", "<dt>Due</dt>", "Test mode")
                .doesNotContain("Discount</th>", "Transaction", "<dt>Paid</dt>");
    }
}
