package io.abk.billing.gateway.portal;

import java.util.Optional;
import org.springframework.http.ResponseCookie;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * The cookie of a portal session, apart from the dashboard's: its own name, sent back only to {@code /portal}, never
 * readable by a script ({@code HttpOnly}), not sent with another site's requests but a top-level link
 * ({@code SameSite=Lax}), and only over TLS ({@code Secure}) when the request came over https.
 */
final class PortalCookie {

    static final String NAME = "abk_portal";
    static final String PATH = "/portal";

    private PortalCookie() {}

    static ResponseCookie issued(String token, boolean secure) {
        return base(token, secure).maxAge(PortalSession.LIFETIME).build();
    }

    static ResponseCookie cleared(boolean secure) {
        return base("", secure).maxAge(0).build();
    }

    static Optional<String> of(ServerHttpRequest request) {
        return Optional.ofNullable(request.getCookies().getFirst(NAME))
                .map(cookie -> cookie.getValue())
                .filter(value -> !value.isEmpty());
    }

    /** Whether the request came over TLS, directly or through a proxy that says so. */
    static boolean secure(ServerHttpRequest request) {
        var forwarded = request.getHeaders().getFirst("X-Forwarded-Proto");
        return "https".equalsIgnoreCase(request.getURI().getScheme()) || "https".equalsIgnoreCase(forwarded);
    }

    private static ResponseCookie.ResponseCookieBuilder base(String value, boolean secure) {
        return ResponseCookie.from(NAME, value)
                .httpOnly(true)
                .secure(secure)
                .sameSite("Lax")
                .path(PATH);
    }
}
