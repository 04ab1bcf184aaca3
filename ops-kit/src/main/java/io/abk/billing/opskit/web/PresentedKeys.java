package io.abk.billing.opskit.web;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * Where a caller of a WebFlux service presents its key: the service's own key header, else
 * {@code Authorization: Bearer <key>}. The services read keys the same way, so a client that works with one works
 * with the others.
 */
public final class PresentedKeys {

    private static final String BEARER = "Bearer ";

    private PresentedKeys() {}

    /** The stripped value of {@code keyHeader} if it is not blank, else the bearer token, else null. */
    public static @Nullable String of(ServerHttpRequest request, String keyHeader) {
        var header = request.getHeaders().getFirst(keyHeader);
        if (header != null && !header.isBlank()) {
            return header.strip();
        }
        return bearerToken(request);
    }

    /** The token of {@code Authorization: Bearer <token>} (scheme case-insensitive), or null. */
    public static @Nullable String bearerToken(ServerHttpRequest request) {
        var authorization = request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        if (authorization == null
                || authorization.length() < BEARER.length()
                || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        return authorization.substring(BEARER.length()).strip();
    }
}
