package io.abk.billing.gateway.checkout;

import org.jspecify.annotations.Nullable;

/**
 * Escaping for text placed in HTML element content and quoted attribute values: the escaper of every value the
 * checkout templates show ({@link CheckoutTemplates}).
 */
final class Html {

    private Html() {}

    /** The text with {@code & < > " '} as character references; null reads as empty. */
    static String escape(@Nullable String text) {
        if (text == null) {
            return "";
        }
        var out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
