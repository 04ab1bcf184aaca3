package io.abk.billing.gateway.checkout;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The server-rendered checkout page of a subscription: who is asking, how much, how often, and where it stands.
 * Every value is HTML-escaped; the page loads nothing from elsewhere (inline style only, no script yet: the wallet
 * step comes with the chain) and reads fine without JavaScript.
 */
final class CheckoutPage {

    /** No script, no frames, nothing fetched: the page is inert whatever a merchant put in its name. */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm 'UTC'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    private static final Map<String, String> STATUS = Map.of(
            "incomplete", "Awaiting activation",
            "active", "Active",
            "past_due", "Past due",
            "canceled", "Canceled",
            "paused", "Paused");

    private static final String STYLE = """
            body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2330}
            main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
            h1{font-size:1.15rem;font-weight:600;margin:0 0 1.25rem}
            .amount{font-size:2rem;font-weight:700;margin:0}
            .interval{color:#5b6472;margin:0 0 1.5rem}
            dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0}
            dt{color:#5b6472}
            dd{margin:0;text-align:right;overflow-wrap:anywhere}
            .status{display:inline-block;padding:.1rem .6rem;border-radius:999px;background:#e8ecf3;font-size:.9rem}
            .note{margin:1.5rem 0 0;font-size:.9rem;color:#5b6472}""";

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

    private static String page(String title, String main) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta name=\"robots\" content=\"noindex\">\n"
                + "<title>" + Html.escape(title) + "</title>\n<style>\n" + STYLE + "\n</style>\n</head>\n"
                + "<body>\n<main>\n" + main + "</main>\n</body>\n</html>\n";
    }

    private static void row(StringBuilder body, String term, String escapedValue) {
        body.append("<dt>").append(term).append("</dt><dd>").append(escapedValue).append("</dd>\n");
    }

    private static String amount(@Nullable Object amount) {
        if (amount instanceof JsonNode node && node.isNumber()) {
            return node.decimalValue().stripTrailingZeros().toPlainString();
        }
        return amount instanceof BigDecimal decimal ? decimal.toPlainString() : text(amount);
    }

    private static String text(@Nullable Object value) {
        if (value instanceof JsonNode node) {
            return node.isString() ? node.stringValue() : node.toString();
        }
        return value == null ? "" : value.toString();
    }

    private static @Nullable String date(String iso) {
        if (iso.isEmpty()) {
            return null;
        }
        try {
            return DATE.format(Instant.parse(iso));
        } catch (DateTimeParseException e) {
            return iso;
        }
    }
}
