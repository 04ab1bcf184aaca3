package io.abk.billing.gateway.checkout;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What every checkout page shares: the document around its content, one inline style sheet, the one script
 * ({@link CheckoutScript}), the block the script moves on ({@link #flow}), and the formatting of the values they show.
 * The document's root of state is {@code <main data-state>} (the first element carrying the attribute), with
 * {@code data-page}, {@code data-json} (the JSON the script reads) and {@code data-post} (what it posts). Values reach
 * the pages through {@link Html#escape}; the helpers here only turn them into text.
 */
final class PageFrame {

    private static final String STYLE = String.join(
            "",
            "body{margin:0;font:16px/1.5 system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;background:#f4f5f7;color:#1d2330}",
            "main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}",
            "@media (max-width:30rem){main{margin:0;padding:1.25rem;border-radius:0;box-shadow:none}}",
            "[hidden]{display:none!important}",
            "h1{font-size:1.15rem;font-weight:600;margin:0 0 1.25rem}",
            ".amount{font-size:2rem;font-weight:700;margin:0}",
            ".amount+dl{margin-top:1.25rem}",
            ".interval{color:#4f5866;margin:0 0 1.5rem}",
            "dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0}",
            "dt{color:#4f5866}",
            "dd{margin:0;text-align:right;overflow-wrap:anywhere}",
            "code{overflow-wrap:anywhere}",
            ".status{display:inline-block;padding:.1rem .6rem;border-radius:999px;background:#e8ecf3;font-size:.9rem}",
            ".note{margin:1.5rem 0 0;font-size:.9rem;color:#4f5866}",
            ".flow{margin:1.5rem 0 0;display:grid;gap:.75rem}",
            ".message{margin:0;padding:.75rem 1rem;border-radius:8px;background:#eef2fb;overflow-wrap:anywhere}",
            "[data-state=failed] .message,[data-state=wrong-chain] .message,.message.error{background:#fdecec;color:#8a1c1c}",
            "[data-state=paid] .message,[data-state=active] .message{background:#e7f6ec;color:#14532d}",
            ".detail{margin:0;font-size:.9rem;overflow-wrap:anywhere}",
            ".test-mode{margin:0;padding:.5rem .75rem;border:2px dashed #b45309;border-radius:8px;color:#7c2d12;font-weight:600}",
            "form{margin:1.5rem 0 0;display:grid;gap:.75rem}",
            "label{display:grid;gap:.25rem;font-size:.9rem;color:#4f5866}",
            "input{font:inherit;padding:.5rem .6rem;border:1px solid #8a93a3;border-radius:8px}",
            "button{font:inherit;font-weight:600;padding:.65rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer;width:100%}",
            "button:disabled{background:#5b6b8c;cursor:progress}",
            "button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}",
            "a{color:#1d4ed8}");

    /**
     * Scripts from here only (no inline script, no event-handler attributes), fetches to here only, this one style
     * sheet (by its hash), no frames and never framed, forms post only here: whatever a merchant put in the page
     * stays text.
     */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; script-src 'self'; connect-src 'self'; style-src '" + sha256(STYLE)
                    + "'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

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

    /** The whole document; {@code main} is already escaped markup. */
    static String page(String title, Root root, String main) {
        var attributes = new StringBuilder(" data-state=\"")
                .append(Html.escape(root.state()))
                .append('"');
        if (root.page() != null) {
            attributes
                    .append(" data-page=\"")
                    .append(Html.escape(root.page()))
                    .append('"')
                    .append(" data-json=\"")
                    .append(Html.escape(root.json()))
                    .append('"')
                    .append(" data-post=\"")
                    .append(Html.escape(root.post()))
                    .append('"');
        }
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta name=\"robots\" content=\"noindex\">\n"
                + "<title>" + Html.escape(title) + "</title>\n<style>" + STYLE + "</style>\n"
                + (root.page() == null ? "" : "<script src=\"" + CheckoutScript.src() + "\" defer></script>\n")
                + "</head>\n<body>\n<main" + attributes + ">\n" + main + "</main>\n</body>\n</html>\n";
    }

    /**
     * The block the script moves on: the state's sentence ({@code data-message}, a live region), a detail line
     * ({@code data-detail}: the transaction, the way back), and one hidden button per action the page may offer, each
     * with {@code data-action}; the script shows the one that fits. Without JavaScript the sentence still says where
     * things stand, and {@code noscript} what else to do.
     */
    static void flow(StringBuilder body, String escapedSentence, boolean alert, String noscript, String... actions) {
        body.append("<div class=\"flow\">\n");
        body.append("<p class=\"message\" data-message role=\"")
                .append(alert ? "alert" : "status")
                .append("\">")
                .append(escapedSentence)
                .append("</p>\n");
        body.append("<p class=\"detail\" data-detail hidden></p>\n");
        for (var action : actions) {
            body.append("<button type=\"button\" data-action=\"")
                    .append(action)
                    .append("\" hidden>")
                    .append(ACTIONS.get(action))
                    .append("</button>\n");
        }
        if (!noscript.isEmpty()) {
            body.append("<noscript><p class=\"note\">").append(noscript).append("</p></noscript>\n");
        }
        body.append("</div>\n");
    }

    /** The test-mode label of a sandbox page: nothing here moves funds. */
    static void testMode(StringBuilder body) {
        body.append("<p class=\"test-mode\">Test mode: payments are simulated and no funds move.</p>\n");
    }

    static String sha256(String text) {
        try {
            return "sha256-"
                    + Base64.getEncoder()
                            .encodeToString(
                                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** One row of a definition list; the value is already escaped markup. */
    static void row(StringBuilder body, String term, String escapedValue) {
        body.append("<dt>")
                .append(term)
                .append("</dt><dd>")
                .append(escapedValue)
                .append("</dd>\n");
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
