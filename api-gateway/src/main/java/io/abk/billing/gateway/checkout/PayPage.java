package io.abk.billing.gateway.checkout;

import static io.abk.billing.gateway.checkout.PageFrame.amount;
import static io.abk.billing.gateway.checkout.PageFrame.date;
import static io.abk.billing.gateway.checkout.PageFrame.page;
import static io.abk.billing.gateway.checkout.PageFrame.row;
import static io.abk.billing.gateway.checkout.PageFrame.text;

import io.abk.billing.gateway.readmodel.ResourceJson;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The server-rendered checkout page of a one-time payment: whom, how much, for what, where it stands, and where
 * the USDC goes. Every value is HTML-escaped and the page is inert ({@link PageFrame}); the wallet step comes with
 * the chain issue, so for now the page reads the payment and links back to the merchant.
 */
final class PayPage {

    private static final Map<String, String> STATUS = Map.of(
            "open", "Awaiting payment",
            "paid", "Paid",
            "canceled", "Canceled",
            "expired", "Expired");

    private PayPage() {
    }

    /**
     * @param payment the payment as the API shows it (for its description and expiry)
     * @param status its checkout status ({@link PayStatus#of})
     */
    static String render(JsonNode payment, Map<String, @Nullable Object> status) {
        var merchant = text(status.get("merchantDisplayName"));
        var state = text(status.get("status"));
        var description = ResourceJson.text(payment, "description");
        var body = new StringBuilder();
        body.append("<h1>Pay ").append(Html.escape(merchant)).append("</h1>\n");
        body.append("<p class=\"amount\">").append(Html.escape(amount(status.get("amountUsdc")))).append(" USDC</p>\n");
        if (description != null) {
            body.append("<p class=\"interval\">").append(Html.escape(description)).append("</p>\n");
        }
        body.append("<dl>\n");
        row(body, "Status", "<span class=\"status\">" + Html.escape(STATUS.getOrDefault(state, state)) + "</span>");
        row(body, "Network", Html.escape(text(status.get("network"))));
        row(body, "Pay to", "<code>" + Html.escape(text(status.get("merchantPayout"))) + "</code>");
        var wallet = text(status.get("customerWallet"));
        if (!wallet.isEmpty()) {
            row(body, "From wallet", "<code>" + Html.escape(wallet) + "</code>");
        }
        var expiresAt = date(text(ResourceJson.text(payment, "expiresAt")));
        if ("open".equals(state) && expiresAt != null) {
            row(body, "Pay before", Html.escape(expiresAt));
        }
        var paidAt = date(text(status.get("paidAt")));
        if (paidAt != null) {
            row(body, "Paid", Html.escape(paidAt));
        }
        var txHash = text(status.get("txHash"));
        if (!txHash.isEmpty()) {
            row(body, "Transaction", "<code>" + Html.escape(txHash) + "</code>");
        }
        body.append("</dl>\n");
        // The merchant's URLs were checked to be absolute http(s) URLs when the payment was created.
        var successUrl = text(status.get("successUrl"));
        var cancelUrl = text(status.get("cancelUrl"));
        if ("paid".equals(state) && !successUrl.isEmpty()) {
            body.append("<p class=\"note\"><a href=\"").append(Html.escape(successUrl)).append("\">Return to ")
                    .append(Html.escape(merchant)).append("</a></p>\n");
        } else if ("open".equals(state) && !cancelUrl.isEmpty()) {
            body.append("<p class=\"note\"><a href=\"").append(Html.escape(cancelUrl)).append("\">Cancel and return to ")
                    .append(Html.escape(merchant)).append("</a></p>\n");
        }
        if (Boolean.TRUE.equals(status.get("sandbox"))) {
            body.append("<p class=\"note\">Test mode: payments are simulated and no funds move.</p>\n");
        }
        return page("Pay " + merchant, body.toString());
    }

    /** The page for an id that names no payment (unknown, malformed, or gone). */
    static String notFound() {
        return page("Payment not found", "<h1>Payment not found</h1>\n"
                + "<p>This checkout link does not name a payment. Ask the merchant for a new link.</p>\n");
    }
}
