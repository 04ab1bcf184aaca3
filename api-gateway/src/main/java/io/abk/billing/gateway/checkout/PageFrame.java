package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.platform.web.Html;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What every checkout page shares: the document around its content ({@code checkout/frame.mustache}) with the
 * merchant's logo at its head ({@link CheckoutBrand}; the name is the heading's alone, so a page without a logo names the
 * merchant once), one inline style sheet ({@code checkout/checkout.css}, then the merchant's accent colour), the one
 * script ({@link CheckoutScript}), the block the script moves on
 * ({@link #flow}), and the formatting of the values they show. The document's root of state is
 * {@code <main data-state>} (the first element carrying the attribute), with {@code data-page}, {@code data-json} (the
 * JSON the script reads) and {@code data-post} (what it posts). The templates escape every value ({@link
 * CheckoutTemplates}); the helpers here only turn values into text.
 */
final class PageFrame {

    /** The style sheet as the pages inline it: the file holds a rule a line, the page one line of them all. */
    private static final String STYLE =
            String.join("", CheckoutTemplates.read("checkout.css").lines().toList());

    /** The policy of a page without a brand ({@link #contentSecurityPolicy}). */
    static final String CONTENT_SECURITY_POLICY = contentSecurityPolicy(CheckoutBrand.NONE);

    /** The buttons' names; the script shows one at a time and may rename it for the step. */
    private static final Map<String, String> ACTIONS = Map.of(
            "connect", "Connect wallet",
            "switch-chain", "Switch network",
            "pay", "Pay",
            "subscribe", "Subscribe",
            "simulate", "Simulate payment (test mode)");

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm 'UTC'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    private PageFrame() {}

    /**
     * The root of a page's state: what {@code <main>} carries.
     *
     * @param state the first {@code data-state}, from the resource's status
     * @param page {@code pay}, {@code subscribe} or {@code link}; null on a page with nothing to do (not found)
     * @param json the JSON the script reads; null with no page
     * @param post where the script posts (confirm, activate, open); null with no page
     */
    record Root(
            String state,
            @Nullable String page,
            @Nullable String json,
            @Nullable String post) {

        static Root inert(String state) {
            return new Root(state, null, null, null);
        }
    }

    /**
     * Scripts from here only (no inline script, no event-handler attributes), fetches to here only, the page's one
     * style sheet (by its hash: the brand's accent is part of it), images from here (the logo) or inline, no frames and
     * never framed, forms post only here: whatever a merchant put in the page stays text.
     */
    static String contentSecurityPolicy(CheckoutBrand brand) {
        return "default-src 'none'; script-src 'self'; connect-src 'self'; style-src '"
                + Html.sha256Source(style(brand))
                + "'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    }

    /**
     * The page's style sheet: the checkout's, then the accent and the text on it when the merchant chose one (a
     * {@code #rrggbb} by then, {@link CheckoutBrand}).
     */
    static String style(CheckoutBrand brand) {
        var accent = brand.accent();
        return accent == null
                ? STYLE
                : STYLE + ":root{--accent:" + accent + ";--on-accent:" + CheckoutBrand.textOn(accent) + "}";
    }

    /** The whole document around a page's content, which is markup its own template rendered, without a brand. */
    static String page(String title, Root root, String content) {
        return page(title, root, content, CheckoutBrand.NONE);
    }

    /** The whole document around a page's content, which is markup its own template rendered, under its brand. */
    static String page(String title, Root root, String content, CheckoutBrand brand) {
        var model = new HashMap<String, Object>();
        model.put("title", title);
        model.put("style", style(brand));
        model.put("brandName", text(brand.name()));
        model.put("logo", text(brand.logoPath()));
        model.put("scripted", root.page() != null);
        model.put("script", CheckoutScript.src());
        // The pay page draws its EIP-681 QR code; no other page loads the library.
        model.put("qrScript", "pay".equals(root.page()) ? CheckoutScript.QR_CODE.src() : "");
        model.put("state", root.state());
        model.put("page", text(root.page()));
        model.put("json", text(root.json()));
        model.put("post", text(root.post()));
        model.put("content", content);
        return CheckoutTemplates.FRAME.execute(model);
    }

    /** The page for an id that names nothing the customer can open (unknown, malformed, or gone). */
    static String notFound(String heading, String text) {
        return page(
                heading,
                Root.inert("unavailable"),
                CheckoutTemplates.NOT_FOUND.execute(Map.of("heading", heading, "text", text)));
    }

    /**
     * The model of the block the script moves on ({@code checkout/flow.mustache}): the state's sentence
     * ({@code data-message}, a live region; an alert when a request was refused), a detail line ({@code data-detail}:
     * the transaction, the way back), and one hidden button per action the page may offer, each with
     * {@code data-action}; the script shows the one that fits. Without JavaScript the sentence still says where things
     * stand, and {@code noscript} what else to do.
     */
    static Map<String, Object> flow(String sentence, boolean refused, String noscript, String... actions) {
        var buttons = Arrays.stream(actions)
                .map(action -> Map.of("action", action, "label", ACTIONS.get(action)))
                .toList();
        var model = new HashMap<String, Object>();
        model.put("sentence", sentence);
        model.put("error", refused);
        model.put("role", refused ? "alert" : "status");
        model.put("noscript", noscript);
        model.put("actions", buttons);
        return model;
    }

    /** An amount of USDC as plain decimal text, without trailing zeros. */
    static String amount(@Nullable Object amount) {
        if (amount instanceof JsonNode node && node.isNumber()) {
            return node.decimalValue().stripTrailingZeros().toPlainString();
        }
        return amount instanceof BigDecimal decimal ? decimal.toPlainString() : text(amount);
    }

    static String text(@Nullable Object value) {
        if (value instanceof JsonNode node) {
            return node.isString() ? node.stringValue() : node.isNull() || node.isMissingNode() ? "" : node.toString();
        }
        return value == null ? "" : value.toString();
    }

    /** An ISO-8601 instant as a reader sees it ({@code 28 Feb 2026, 10:00 UTC}); null when there is none. */
    static @Nullable String date(String iso) {
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
