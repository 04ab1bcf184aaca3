package io.abk.billing.gateway.dashboard;

import java.util.Optional;
import org.springframework.http.ResponseCookie;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * The cookie that carries a session's token: sent back only to {@code /dashboard}, never readable by a script
 * ({@code HttpOnly}), not sent with another site's requests but a top-level link ({@code SameSite=Lax}), and only over
 * TLS ({@code Secure}) wherever the gateway's public URL is https (a plain-http local run is not).
 */
final class SessionCookie {

    static final String NAME = "abk_session";
    static final String PATH = "/dashboard";
    static final String PENDING_NAME = "abk_sign_in";
    static final String PENDING_PATH = "/dashboard/login/code";

    private SessionCookie() {}

    static ResponseCookie issued(String token, boolean secure) {
        return base(token, secure).maxAge(DashboardSession.ABSOLUTE_TIMEOUT).build();
    }

    /** The answer that makes the browser forget the cookie. */
    static ResponseCookie cleared(boolean secure) {
        return base("", secure).maxAge(0).build();
    }

    static Optional<String> of(ServerHttpRequest request) {
        return value(request, NAME);
    }

    /**
     * The cookie of a pending sign-in (the password right, the code to come): sent only to the code's page, and gone
     * when the pending sign-in expires.
     */
    static ResponseCookie pendingIssued(String token, boolean secure) {
        return ResponseCookie.from(PENDING_NAME, token)
                .httpOnly(true)
                .secure(secure)
                .sameSite("Strict")
                .path(PENDING_PATH)
                .maxAge(SignInService.CODE_WINDOW)
                .build();
    }

    static ResponseCookie pendingCleared(boolean secure) {
        return ResponseCookie.from(PENDING_NAME, "")
                .httpOnly(true)
                .secure(secure)
                .sameSite("Strict")
                .path(PENDING_PATH)
                .maxAge(0)
                .build();
    }

    static Optional<String> pendingOf(ServerHttpRequest request) {
        return value(request, PENDING_NAME);
    }

    private static Optional<String> value(ServerHttpRequest request, String name) {
        return Optional.ofNullable(request.getCookies().getFirst(name))
                .map(cookie -> cookie.getValue())
                .filter(value -> !value.isEmpty());
    }

    private static ResponseCookie.ResponseCookieBuilder base(String value, boolean secure) {
        return ResponseCookie.from(NAME, value)
                .httpOnly(true)
                .secure(secure)
                .sameSite("Lax")
                .path(PATH);
    }
}
