package io.abk.billing.gateway.platform.web;

import io.abk.billing.opskit.digest.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * What the server-rendered pages (checkout, dashboard) share: escaping for text placed in HTML element content and
 * quoted attribute values (the escaper of every value their templates show), and the hash by which a Content Security
 * Policy allows one inline style sheet.
 */
public final class Html {

    private Html() {}

    /** The text with {@code & < > " '} as character references; null reads as empty. */
    public static String escape(@Nullable String text) {
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

    /** The CSP source ({@code 'sha256-...'} without the quotes) that allows exactly this inline text. */
    public static String sha256Source(String text) {
        return "sha256-" + Base64.getEncoder().encodeToString(Sha256.of(text, StandardCharsets.UTF_8));
    }

    /**
     * A server-rendered page's answer: never cached, under its Content Security Policy, never framed (also for
     * browsers that predate {@code frame-ancestors}), not sniffed, with the referrer policy given.
     */
    public static ResponseEntity<String> page(
            HttpStatusCode status, String page, String contentSecurityPolicy, String referrerPolicy) {
        return ResponseEntity.status(status)
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noStore())
                .header("Content-Security-Policy", contentSecurityPolicy)
                .header("X-Frame-Options", "DENY")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", referrerPolicy)
                .body(page);
    }
}
