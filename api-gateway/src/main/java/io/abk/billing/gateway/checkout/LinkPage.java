package io.abk.billing.gateway.checkout;

import static io.abk.billing.gateway.checkout.PageFrame.amount;
import static io.abk.billing.gateway.checkout.PageFrame.date;
import static io.abk.billing.gateway.checkout.PageFrame.page;
import static io.abk.billing.gateway.checkout.PageFrame.row;
import static io.abk.billing.gateway.checkout.PageFrame.text;

import io.abk.billing.gateway.checkout.PageFrame.Root;
import io.abk.billing.gateway.readmodel.ResourceJson;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The server-rendered page of a payment link: whom, how much, for what, whether it can be opened, and, when it
 * can, a plain HTML form with the fields the link collects, posting to the link's open: it works without JavaScript
 * (303 to the minted payment's page), and with it the script posts it as JSON and shows a refusal in place. After a
 * refused form post the page comes back with the error and what the customer entered. The first state is
 * {@code ready} (openable), {@code failed} (a refused post of an openable link) or {@code unavailable} (used up,
 * disabled, expired). Every value is HTML-escaped ({@link PageFrame}).
 */
final class LinkPage {

    /** What browsers may fill each field with (WCAG 1.3.5: inputs that ask about the user say so). */
    private static final Map<String, String> AUTOCOMPLETE = Map.of(
            "email", "autocomplete=\"email\"",
            "name", "autocomplete=\"name\"",
            "customerWallet", "autocomplete=\"off\" spellcheck=\"false\"");

    private LinkPage() {}

    /**
     * @param link the link as the API shows it (expiry display rule applied)
     * @param error the sentence of a refused open, or null
     * @param entered the form's fields as posted ({@link OpenLinkRequest#fromForm}), or null
     */
    static String render(
            JsonNode link,
            @Nullable String merchantDisplayName,
            boolean sandbox,
            @Nullable String error,
            @Nullable JsonNode entered) {
        var merchant = text(merchantDisplayName);
        var status = String.valueOf(ResourceJson.text(link, "status"));
        var description = ResourceJson.text(link, "description");
        var remaining = LinkStatus.remainingUses(link);
        var body = new StringBuilder();
        body.append("<h1>Pay ").append(Html.escape(merchant)).append("</h1>\n");
        body.append("<p class=\"amount\">")
                .append(Html.escape(amount(link.get("amountUsdc"))))
                .append(" USDC</p>\n");
        if (description != null) {
            body.append("<p class=\"interval\">")
                    .append(Html.escape(description))
                    .append("</p>\n");
        }
        body.append("<dl>\n");
        row(body, "Status", "<span class=\"status\">" + Html.escape(statusText(status, remaining)) + "</span>");
        var expiresAt = date(text(ResourceJson.text(link, "expiresAt")));
        if (expiresAt != null) {
            row(body, "active".equals(status) ? "Open until" : "Expiry", Html.escape(expiresAt));
        }
        if ("active".equals(status) && remaining != null) {
            row(body, "Payments left", Integer.toString(remaining));
        }
        body.append("</dl>\n");
        if (sandbox) {
            PageFrame.testMode(body);
        }
        var linkId = String.valueOf(ResourceJson.text(link, "id"));
        var openable = "active".equals(status);
        var state = !openable ? "unavailable" : error != null ? "failed" : "ready";
        var sentence = error != null
                ? error
                : !openable
                        ? unavailable(status, remaining)
                        : "Continue to the payment page"
                                + (link.path("collectEmail").asBoolean(false)
                                                || link.path("collectName").asBoolean(false)
                                        ? " after telling " + (merchant.isEmpty() ? "the merchant" : merchant)
                                                + " who you are."
                                        : ".");
        body.append("<div class=\"flow\">\n<p class=\"message")
                .append(error != null ? " error" : "")
                .append("\" data-message role=\"")
                .append(error != null ? "alert" : "status")
                .append("\">")
                .append(Html.escape(sentence))
                .append("</p>\n")
                .append("<p class=\"detail\" data-detail hidden></p>\n</div>\n");
        if (openable) {
            form(
                    body,
                    linkId,
                    link.path("collectEmail").asBoolean(false),
                    link.path("collectName").asBoolean(false),
                    entered);
        }
        return page(
                "Pay " + merchant,
                new Root(state, "link", "/checkout/link/" + linkId + "/status", "/checkout/link/" + linkId + "/open"),
                body.toString());
    }

    /** The page for an id that names no payment link (unknown, malformed, or gone). */
    static String notFound() {
        return page(
                "Payment link not found",
                Root.inert("unavailable"),
                "<h1>Payment link not found</h1>\n"
                        + "<p>This address does not name a payment link. Ask the merchant for a new link.</p>\n");
    }

    private static void form(
            StringBuilder body, String linkId, boolean collectEmail, boolean collectName, @Nullable JsonNode entered) {
        body.append("<form method=\"post\" action=\"/checkout/link/")
                .append(Html.escape(linkId))
                .append("/open\">\n");
        if (collectEmail) {
            input(
                    body,
                    "Your e-mail",
                    "email",
                    "email",
                    "required maxlength=\"" + OpenLinkRequest.MAX_EMAIL_LENGTH + "\"",
                    entered);
        }
        if (collectName) {
            input(
                    body,
                    "Your name",
                    "text",
                    "name",
                    "required maxlength=\"" + OpenLinkRequest.MAX_NAME_LENGTH + "\"",
                    entered);
        }
        input(
                body,
                "Your wallet address (optional)",
                "text",
                "customerWallet",
                "maxlength=\"42\" placeholder=\"0x...\"",
                entered);
        body.append("<button type=\"submit\" data-action=\"open\">Continue to payment</button>\n</form>\n");
    }

    private static void input(
            StringBuilder body, String label, String type, String name, String attributes, @Nullable JsonNode entered) {
        var value = entered == null ? null : ResourceJson.text(entered, name);
        body.append("<label>")
                .append(label)
                .append("<input type=\"")
                .append(type)
                .append("\" name=\"")
                .append(name)
                .append("\" ")
                .append(AUTOCOMPLETE.get(name))
                .append(' ')
                .append(attributes);
        if (value != null) {
            body.append(" value=\"").append(Html.escape(value)).append("\"");
        }
        body.append("></label>\n");
    }

    private static String statusText(String status, @Nullable Integer remaining) {
        return switch (status) {
            case "active" -> "Open";
            case "disabled" -> "Disabled";
            case "expired" -> remaining != null && remaining == 0 ? "Used up" : "Expired";
            default -> status;
        };
    }

    private static String unavailable(String status, @Nullable Integer remaining) {
        return switch (status) {
            case "disabled" -> "This payment link has been disabled by the merchant.";
            case "expired" ->
                remaining != null && remaining == 0
                        ? "This payment link has been used as many times as it allows."
                        : "This payment link has expired.";
            default -> "This payment link cannot be opened.";
        };
    }
}
