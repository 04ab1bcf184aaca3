package io.abk.billing.gateway.checkout;

import static io.abk.billing.gateway.checkout.PageFrame.amount;
import static io.abk.billing.gateway.checkout.PageFrame.date;
import static io.abk.billing.gateway.checkout.PageFrame.page;
import static io.abk.billing.gateway.checkout.PageFrame.text;

import io.abk.billing.gateway.checkout.PageFrame.Root;
import io.abk.billing.gateway.readmodel.ResourceJson;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The server-rendered page of a payment link: whom, how much, for what, whether it can be opened, and, when it
 * can, a plain HTML form with the fields the link collects, posting to the link's open: it works without JavaScript
 * (303 to the minted payment's page), and with it the script posts it as JSON and shows a refusal in place. After a
 * refused form post the page comes back with the error and what the customer entered. The first state is
 * {@code ready} (openable), {@code failed} (a refused post of an openable link) or {@code unavailable} (used up,
 * disabled, expired). The markup is {@code checkout/link.mustache}; each input says what browsers may fill it with
 * (WCAG 1.3.5: inputs that ask about the user say so).
 */
final class LinkPage {

    /** The form's fields that come back filled in after a refused post. */
    private static final List<String> ENTERED_FIELDS = List.of("email", "name", "customerWallet");

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
        return render(link, new CheckoutBrand(merchantDisplayName, null, null), sandbox, error, entered);
    }

    /** {@link #render(JsonNode, String, boolean, String, JsonNode)} under the merchant's brand, which names it. */
    static String render(
            JsonNode link, CheckoutBrand brand, boolean sandbox, @Nullable String error, @Nullable JsonNode entered) {
        var merchant = text(brand.name());
        var status = String.valueOf(ResourceJson.text(link, "status"));
        var description = ResourceJson.text(link, "description");
        var remaining = LinkStatus.remainingUses(link);
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
        var model = PageFrame.flow(sentence, error != null, "");
        model.put("merchant", merchant);
        model.put("amount", amount(link.get("amountUsdc")));
        model.put("hasDescription", description != null);
        model.put("description", text(description));
        model.put("status", statusText(status, remaining));
        model.put("expiry", text(date(text(ResourceJson.text(link, "expiresAt")))));
        model.put("expiryTerm", openable ? "Open until" : "Expiry");
        model.put("paymentsLeft", openable && remaining != null ? Integer.toString(remaining) : "");
        model.put("sandbox", sandbox);
        model.put("form", openable);
        model.put("linkId", linkId);
        model.put("collectEmail", link.path("collectEmail").asBoolean(false));
        model.put("collectName", link.path("collectName").asBoolean(false));
        model.put("maxEmailLength", OpenLinkRequest.MAX_EMAIL_LENGTH);
        model.put("maxNameLength", OpenLinkRequest.MAX_NAME_LENGTH);
        for (var field : ENTERED_FIELDS) {
            var value = entered == null ? null : ResourceJson.text(entered, field);
            model.put(field + "Entered", value != null);
            model.put(field, text(value));
        }
        return page(
                "Pay " + merchant,
                new Root(state, "link", "/checkout/link/" + linkId + "/status", "/checkout/link/" + linkId + "/open"),
                CheckoutTemplates.LINK.execute(model),
                brand);
    }

    /** The page for an id that names no payment link (unknown, malformed, or gone). */
    static String notFound() {
        return PageFrame.notFound(
                "Payment link not found",
                "This address does not name a payment link. Ask the merchant for a new link.");
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
