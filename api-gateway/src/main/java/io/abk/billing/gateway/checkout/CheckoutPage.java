package io.abk.billing.gateway.checkout;

import static io.abk.billing.gateway.checkout.PageFrame.amount;
import static io.abk.billing.gateway.checkout.PageFrame.date;
import static io.abk.billing.gateway.checkout.PageFrame.page;
import static io.abk.billing.gateway.checkout.PageFrame.row;
import static io.abk.billing.gateway.checkout.PageFrame.text;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The server-rendered checkout page of a subscription: who is asking, how much, how often, and where it stands.
 * Every value is HTML-escaped; the page loads nothing from elsewhere (inline style only, no script yet: the wallet
 * step comes with the chain) and reads fine without JavaScript.
 */
final class CheckoutPage {

    private static final Map<String, String> STATUS = Map.of(
            "incomplete", "Awaiting activation",
            "active", "Active",
            "past_due", "Past due",
            "canceled", "Canceled",
            "paused", "Paused");

    private CheckoutPage() {
    }

    /** The page of a session as {@link CheckoutSession#of} builds it. */
    static String render(Map<String, @Nullable Object> session) {
        var merchant = text(session.get("merchantDisplayName"));
        var status = text(session.get("status"));
        var interval = text(session.get("interval"));
        var nextPayment = date(text(session.get("nextPaymentAt")));
        var body = new StringBuilder();
        body.append("<h1>Subscribe to ").append(Html.escape(merchant)).append("</h1>\n");
        body.append("<p class=\"amount\">").append(Html.escape(amount(session.get("amountUsdc")))).append(" USDC</p>\n");
        body.append("<p class=\"interval\">per ").append(Html.escape(interval)).append("</p>\n");
        body.append("<dl>\n");
        row(body, "Status", "<span class=\"status\">" + Html.escape(STATUS.getOrDefault(status, status)) + "</span>");
        row(body, "Network", Html.escape(text(session.get("network"))));
        if (nextPayment != null) {
            row(body, "Next payment", Html.escape(nextPayment));
        }
        row(body, "Your wallet", "<code>" + Html.escape(text(session.get("customerWallet"))) + "</code>");
        body.append("</dl>\n");
        if (Boolean.TRUE.equals(session.get("sandbox"))) {
            body.append("<p class=\"note\">Test mode: payments are simulated and no funds move.</p>\n");
        }
        return page("Subscribe to " + merchant, body.toString());
    }

    /** The page for an id that names no subscription (unknown, malformed, or gone). */
    static String notFound() {
        return page("Subscription not found", "<h1>Subscription not found</h1>\n"
                + "<p>This checkout link does not name a subscription. Ask the merchant for a new link.</p>\n");
    }
}
