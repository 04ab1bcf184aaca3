package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.readmodel.ResourceJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The invoice page's lines table rendered from the invoice JSON as the read model holds it: with lines (a plan's line
 * and a discount, six decimals each) and without them (an invoice rendered before invoices had lines).
 */
class InvoiceLineRowsTest {

    private static final String PERIOD =
            "\"periodStart\":\"2026-01-31T12:00:00Z\",\"periodEnd\":\"2026-02-28T12:00:00Z\"";

    @Test
    void shouldShowEachLineAndTheSumsExactlyWhenTheInvoiceHasADiscount() {
        var invoice = ResourceJson.parse("{\"id\":\"inv_1\",\"status\":\"open\",\"amountUsdc\":10.345677,"
                + "\"subtotalUsdc\":12.345678,\"discountUsdc\":2.000001,\"lines\":["
                + "{\"kind\":\"subscription\",\"description\":\"12.345678 USDC per month\"," + PERIOD
                + ",\"quantity\":1,\"unitAmountUsdc\":12.345678,\"amountUsdc\":12.345678},"
                + "{\"kind\":\"discount\",\"description\":\"Launch offer <10%>\"," + PERIOD
                + ",\"quantity\":1,\"unitAmountUsdc\":-2.000001,\"amountUsdc\":-2.000001}]}");

        var page = rendered(invoice);

        assertThat(page)
                .contains("data-lines")
                .contains(
                        "<tr data-line=\"subscription\"><td class=\"wrap\">12.345678 USDC per month</td>"
                                + "<td class=\"wrap\">31 Jan 2026 to 28 Feb 2026</td><td class=\"num\">1</td>"
                                + "<td class=\"num\">12.345678 USDC</td><td class=\"num\" data-line-amount>12.345678 USDC</td></tr>")
                .as("a merchant's text is escaped")
                .contains("<td class=\"wrap\">Launch offer &lt;10%&gt;</td>")
                .contains("<td class=\"num\" data-line-amount>-2.000001 USDC</td>")
                .contains("<dd data-subtotal>12.345678 USDC</dd>")
                .contains("<dd data-discount>-2.000001 USDC</dd>")
                .contains("<dd data-total><strong>10.345677 USDC</strong></dd>");
    }

    @Test
    void shouldShowNoLinesWhenTheStoredInvoiceHasNone() {
        var invoice = ResourceJson.parse("{\"id\":\"inv_1\",\"status\":\"paid\",\"amountUsdc\":9.99}");

        var page = rendered(invoice);

        assertThat(page)
                .contains("data-page=\"invoice\"")
                .doesNotContain("data-lines")
                .doesNotContain("data-line=");
    }

    @Test
    void shouldShowAZeroDiscountWithoutASignWhenNoLineIsADiscount() {
        var invoice = ResourceJson.parse("{\"id\":\"inv_1\",\"status\":\"open\",\"amountUsdc\":9.99,"
                + "\"subtotalUsdc\":9.99,\"discountUsdc\":0,\"lines\":[{\"kind\":\"subscription\","
                + "\"description\":\"9.99 USDC per month\"," + PERIOD
                + ",\"quantity\":1,\"unitAmountUsdc\":9.99,\"amountUsdc\":9.99}]}");

        assertThat(rendered(invoice))
                .contains("<dd data-subtotal>9.99 USDC</dd>")
                .contains("<dd data-discount>0.00 USDC</dd>")
                .contains("<dd data-total><strong>9.99 USDC</strong></dd>");
    }

    /** The invoice template rendered with the model the page builds for a viewer, without actions. */
    private static String rendered(JsonNode invoice) {
        var model = Rows.detail("inv_1", invoice);
        model.put("subscriptionId", "sub_1");
        model.put("number", "");
        model.put("hostedInvoiceUrl", "");
        model.put("done", "");
        Rows.actions(model, List.of());
        model.put("fields", List.<Map<String, Object>>of());
        InvoiceLineRows.put(model, invoice);
        return DashboardPages.render(DashboardPages.INVOICE, model);
    }
}
