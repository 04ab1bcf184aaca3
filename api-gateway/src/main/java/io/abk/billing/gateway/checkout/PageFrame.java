package io.abk.billing.gateway.checkout;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What every checkout page shares: the document around its content, one inline style sheet (the pages load nothing
 * from elsewhere), and the formatting of the values they show. Values reach the pages through {@link Html#escape};
 * the helpers here only turn them into text.
 */
final class PageFrame {

    /** No script, no frames, nothing fetched, forms post only here: the page is inert whatever a merchant put in it. */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm 'UTC'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

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
            .note{margin:1.5rem 0 0;font-size:.9rem;color:#5b6472}
            .error{margin:0 0 1.25rem;padding:.75rem 1rem;border-radius:8px;background:#fdecec;color:#8a1c1c}
            form{margin:1.5rem 0 0;display:grid;gap:.75rem}
            label{display:grid;gap:.25rem;font-size:.9rem;color:#5b6472}
            input{font:inherit;padding:.5rem .6rem;border:1px solid #c9ced8;border-radius:8px}
            button{font:inherit;font-weight:600;padding:.65rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}
            a{color:#1d4ed8}""";

    private PageFrame() {
    }

    /** The whole document; {@code main} is already escaped markup. */
    static String page(String title, String main) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta name=\"robots\" content=\"noindex\">\n"
                + "<title>" + Html.escape(title) + "</title>\n<style>\n" + STYLE + "\n</style>\n</head>\n"
                + "<body>\n<main>\n" + main + "</main>\n</body>\n</html>\n";
    }

    /** One row of a definition list; the value is already escaped markup. */
    static void row(StringBuilder body, String term, String escapedValue) {
        body.append("<dt>").append(term).append("</dt><dd>").append(escapedValue).append("</dd>\n");
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
