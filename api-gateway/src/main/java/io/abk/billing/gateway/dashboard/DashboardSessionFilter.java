package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.platform.web.FilterOrder;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.gateway.platform.web.RequestPaths;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Every {@code /dashboard} request: finds the session of its cookie ({@link DashboardSession#ATTRIBUTE}); sends a page
 * request without one to the sign-in page; and refuses a state change (a POST) that another site could have sent: one
 * whose {@code Origin} is not the gateway's, and, but for signing in, one without the session's CSRF token (the
 * {@code csrf} form field or the {@code x-csrf-token} header).
 */
@Component
@Order(FilterOrder.AUTHENTICATION)
public class DashboardSessionFilter implements WebFilter {

    static final String LOGIN = "/dashboard/login";
    static final String HOME = "/dashboard/home";
    static final String CSRF_FIELD = "csrf";
    static final String CSRF_HEADER = "x-csrf-token";

    private final SignInService signIns;
    private final URI publicUrl;

    public DashboardSessionFilter(SignInService signIns, BillingProperties properties) {
        this.signIns = signIns;
        this.publicUrl = properties.publicUrl();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        if (!RequestPaths.isUnder(request, "dashboard")) {
            return chain.filter(exchange);
        }
        boolean post = HttpMethod.POST.equals(request.getMethod());
        if (post && !sameOrigin(request)) {
            return refuse(exchange, "This form was sent from another site, so it was not acted on.");
        }
        boolean signingIn = LOGIN.equals(request.getPath().value());
        return SessionCookie.of(request)
                .map(signIns::find)
                .orElse(Mono.empty())
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(found -> {
                    if (found.isEmpty()) {
                        return signingIn ? chain.filter(exchange) : toSignIn(exchange);
                    }
                    var session = found.get();
                    exchange.getAttributes().put(DashboardSession.ATTRIBUTE, session);
                    var signedIn = chain.filter(exchange)
                            .contextWrite(LogContext.add(
                                    exchange, LogContext.with(LogContext.MERCHANT_ID, session.merchantId())));
                    if (!post || signingIn) {
                        return signedIn;
                    }
                    return csrfToken(exchange)
                            .flatMap(presented -> presented.isPresent()
                                            && SessionTokens.same(session.csrfToken(), presented.get())
                                    ? signedIn
                                    : refuse(exchange, "This form has expired. Reload the page and try again."));
                });
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

    private static Mono<Void> toSignIn(ServerWebExchange exchange) {
        var response = exchange.getResponse();
        response.setStatusCode(HttpStatus.SEE_OTHER);
        response.getHeaders().setLocation(URI.create(LOGIN));
        return response.setComplete();
    }

    private static Mono<Void> refuse(ServerWebExchange exchange, String sentence) {
        var page = DashboardPages.page(
                "Not done",
                null,
                null,
                DashboardPages.render(DashboardPages.REFUSED, Map.of("sentence", sentence, "home", HOME)));
        var answer = DashboardPages.html(HttpStatus.FORBIDDEN, page);
        var response = exchange.getResponse();
        response.setStatusCode(answer.getStatusCode());
        response.getHeaders().putAll(answer.getHeaders());
        var body = response.bufferFactory().wrap(page.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return response.writeWith(Mono.just(body));
    }
}
