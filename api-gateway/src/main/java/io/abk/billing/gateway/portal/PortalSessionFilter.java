package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.platform.web.FilterOrder;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.gateway.platform.web.RequestPaths;
import java.net.URI;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Every {@code /portal} request: finds the live session of its cookie ({@link PortalSession#ATTRIBUTE}); answers a
 * request without one with the page that says the session ended (401), but for opening a link, signing in and the
 * script; and refuses a POST that another site could have sent: one whose {@code Origin} is not the gateway's, and,
 * but for signing in, one without the session's CSRF token (the {@code csrf} form field or the {@code x-csrf-token}
 * header). Only this filter reads the portal's cookie: the dashboard's and the API's never do.
 */
@Component
@Order(FilterOrder.SESSION)
public class PortalSessionFilter implements WebFilter {

    static final String CSRF_FIELD = "csrf";
    static final String CSRF_HEADER = "x-csrf-token";

    private final PortalSessionRepository sessions;
    private final URI publicUrl;
    private final Clock clock;

    public PortalSessionFilter(PortalSessionRepository sessions, BillingProperties properties, Clock clock) {
        this.sessions = sessions;
        this.publicUrl = properties.publicUrl();
        this.clock = clock;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        if (!RequestPaths.isUnder(request, "portal")) {
            return chain.filter(exchange);
        }
        boolean post = HttpMethod.POST.equals(request.getMethod());
        if (post && !sameOrigin(request)) {
            return write(
                    exchange,
                    PortalPages.notice(
                            HttpStatus.FORBIDDEN,
                            "Not sent",
                            "This form was sent from another site, so it was not acted on.",
                            "/portal",
                            "Back to the portal"));
        }
        if (open(request)) {
            return chain.filter(exchange);
        }
        return session(request)
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(found -> {
                    if (found.isEmpty()) {
                        return write(exchange, PortalPages.signedOut());
                    }
                    var session = found.get();
                    exchange.getAttributes().put(PortalSession.ATTRIBUTE, session);
                    var signedIn = chain.filter(exchange)
                            .contextWrite(LogContext.add(
                                    exchange, LogContext.with(LogContext.MERCHANT_ID, session.merchantId())));
                    if (!post) {
                        return signedIn;
                    }
                    return csrfToken(exchange)
                            .flatMap(presented ->
                                    presented.isPresent() && PortalTokens.same(session.csrfToken(), presented.get())
                                            ? signedIn
                                            : write(
                                                    exchange,
                                                    PortalPages.notice(
                                                            HttpStatus.FORBIDDEN,
                                                            "Not sent",
                                                            "This form has expired. Reload the portal and try again.",
                                                            "/portal",
                                                            "Back to the portal")));
                });
    }

    /** The request's session, as the filter found it; routes under {@code /portal} that need one call this. */
    static PortalSession of(ServerWebExchange exchange) {
        PortalSession session = exchange.getAttribute(PortalSession.ATTRIBUTE);
        if (session == null) {
            throw new IllegalStateException("a portal route that needs a session was reached without one");
        }
        return session;
    }

    /** Opening a link, signing in (with its message) and the script: no session before. */
    private static boolean open(ServerHttpRequest request) {
        return RequestPaths.isUnder(request, "portal", "s")
                || RequestPaths.isUnder(request, "portal", "sign-in")
                || RequestPaths.isUnder(request, "portal", "assets");
    }

    private Mono<PortalSession> session(ServerHttpRequest request) {
        return PortalCookie.of(request)
                .map(token -> sessions.findLive(PortalTokens.hash(token), Now.of(clock)))
                .orElse(Mono.empty());
    }

    /** A browser's {@code Origin}, when it sent one, names this gateway: its public URL or the host it was asked at. */
    private boolean sameOrigin(ServerHttpRequest request) {
        var origin = request.getHeaders().getOrigin();
        if (origin == null) {
            return true;
        }
        if (origin.equals(publicUrl.getScheme() + "://" + publicUrl.getRawAuthority())) {
            return true;
        }
        var host = request.getHeaders().getFirst(HttpHeaders.HOST);
        var at = origin.indexOf("://");
        return host != null && at > 0 && origin.substring(at + 3).equalsIgnoreCase(host);
    }

    private static Mono<Optional<String>> csrfToken(ServerWebExchange exchange) {
        var header = exchange.getRequest().getHeaders().getFirst(CSRF_HEADER);
        if (header != null) {
            return Mono.just(Optional.of(header));
        }
        return exchange.getFormData().map(form -> Optional.ofNullable(form.getFirst(CSRF_FIELD)));
    }

    static Mono<Void> write(ServerWebExchange exchange, ResponseEntity<String> answer) {
        var response = exchange.getResponse();
        response.setStatusCode(answer.getStatusCode());
        response.getHeaders().putAll(answer.getHeaders());
        var body = response.bufferFactory()
                .wrap(Objects.requireNonNull(answer.getBody()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return response.writeWith(Mono.just(body));
    }
}
