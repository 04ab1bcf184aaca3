package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.FilterOrder;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.gateway.platform.web.RequestPaths;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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
 * whose {@code Origin} is not the gateway's, and, but for signing in or accepting an invitation, one without the
 * session's CSRF token (the {@code csrf} form field or the {@code x-csrf-token} header).
 *
 * <p>{@code /dashboard/api/v1/...} is the merchant API called with a session instead of a key: the same rules, answered
 * as the API answers ({@code {error, code}}: 401 without a session, 403 {@code permission_denied} for a member whose
 * role may not call the route ({@link ApiAccess}) and for a missing CSRF token on any method but GET), then the request
 * goes on as {@code /v1/...} with the member as its {@link Caller}, through the same rate limit, admission,
 * idempotency, validation and command path as a key's.
 *
 * <p>A member whose team requires a second factor and who has none reaches only {@link #SECURITY} (every other page
 * sends them there) and the enrolment's routes of the API (any other call is 403 {@code totp_required}).
 */
@Component
@Order(FilterOrder.SESSION)
public class DashboardSessionFilter implements WebFilter {

    static final String LOGIN = "/dashboard/login";
    /** A sign-in's second step: the authenticator's code. */
    static final String LOGIN_CODE = LOGIN + "/code";

    static final String HOME = "/dashboard/home";
    /** The member's second factor: where a member whose team requires one and who has none is kept until they enrol. */
    static final String SECURITY = "/dashboard/settings/security";
    /** The path segments of an invitation's page ({@code /dashboard/invitations/<token>}), open to anyone. */
    private static final String[] INVITATIONS = {"dashboard", "invitations"};

    static final String CSRF_FIELD = "csrf";
    static final String CSRF_HEADER = "x-csrf-token";
    /** Where the dashboard calls the merchant API: {@code /dashboard/api} followed by the API's own path. */
    static final String API_PREFIX = "/dashboard/api";
    /** The one part of the API open to a member who must enrol a second factor: their enrolment. */
    private static final String ENROLMENT_API = "/v1/me/totp";

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
        var path = request.getPath().pathWithinApplication().value();
        if (path.startsWith(API_PREFIX + "/v1/")) {
            return api(exchange, chain, path.substring(API_PREFIX.length()));
        }
        boolean post = HttpMethod.POST.equals(request.getMethod());
        if (post && !sameOrigin(request)) {
            return refuse(exchange, "This form was sent from another site, so it was not acted on.");
        }
        // Signing in (its password and its code), and accepting an invitation (which signs the new member in),
        // need no session before.
        boolean signingIn = LOGIN.equals(path) || LOGIN_CODE.equals(path) || RequestPaths.isUnder(request, INVITATIONS);
        return session(request)
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(found -> {
                    if (found.isEmpty()) {
                        return signingIn ? chain.filter(exchange) : toSignIn(exchange);
                    }
                    var session = found.get();
                    if (session.mustEnrolTotp() && !openWhileEnrolling(path)) {
                        return redirect(exchange, SECURITY);
                    }
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

    /** A call of the merchant API ({@code apiPath}, a {@code /v1} path) with the request's session. */
    private Mono<Void> api(ServerWebExchange exchange, WebFilterChain chain, String apiPath) {
        var request = exchange.getRequest();
        var method = request.getMethod();
        boolean reading = HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method);
        return session(request)
                .switchIfEmpty(Mono.error(() -> new ApiException(
                        401, ErrorCodes.AUTHENTICATION_ERROR, "Sign in to the dashboard first: no open session")))
                .flatMap(session -> {
                    if (!reading && !sameOrigin(request)) {
                        return Mono.error(denied("This call came from another site"));
                    }
                    var presented = request.getHeaders().getFirst(CSRF_HEADER);
                    if (!reading && (presented == null || !SessionTokens.same(session.csrfToken(), presented))) {
                        return Mono.error(denied("This call needs the session's " + CSRF_HEADER + " header"));
                    }
                    if (session.mustEnrolTotp() && !apiPath.startsWith(ENROLMENT_API)) {
                        return Mono.error(new ApiException(
                                403,
                                ErrorCodes.TOTP_REQUIRED,
                                "Your team requires two-factor sign-in: set up an authenticator at " + SECURITY
                                        + " first"));
                    }
                    var least = ApiAccess.least(method, apiPath);
                    if (!session.role().includes(least)) {
                        return Mono.error(denied("A " + session.role().wireName() + " may not do this; it needs the "
                                + least.wireName() + " role or above"));
                    }
                    var caller = session.caller();
                    var asApi = exchange.mutate()
                            .request(builder -> builder.path(apiPath))
                            .build();
                    asApi.getAttributes().put(DashboardSession.ATTRIBUTE, session);
                    asApi.getAttributes().put(Caller.ATTRIBUTE, caller);
                    return chain.filter(asApi)
                            .contextWrite(LogContext.add(
                                    asApi, LogContext.with(LogContext.MERCHANT_ID, session.merchantId())));
                });
    }

    private Mono<DashboardSession> session(ServerHttpRequest request) {
        return SessionCookie.of(request).map(signIns::find).orElse(Mono.empty());
    }

    private static ApiException denied(String sentence) {
        return new ApiException(403, ErrorCodes.PERMISSION_DENIED, sentence);
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

    /**
     * What a member who must enrol a second factor may still reach: the security settings (and their confirmations),
     * signing in and out, and the pages' assets.
     */
    private static boolean openWhileEnrolling(String path) {
        return path.equals(SECURITY)
                || path.startsWith(SECURITY + "/")
                || path.equals(LOGIN)
                || path.equals(LOGIN_CODE)
                || path.equals("/dashboard/logout")
                || path.startsWith("/dashboard/assets/");
    }

    private static Mono<Void> toSignIn(ServerWebExchange exchange) {
        return redirect(exchange, LOGIN);
    }

    private static Mono<Void> redirect(ServerWebExchange exchange, String path) {
        var response = exchange.getResponse();
        response.setStatusCode(HttpStatus.SEE_OTHER);
        response.getHeaders().setLocation(URI.create(path));
        return response.setComplete();
    }

    private static Mono<Void> refuse(ServerWebExchange exchange, String sentence) {
        var answer = DashboardPages.refused(HttpStatus.FORBIDDEN, sentence);
        var response = exchange.getResponse();
        response.setStatusCode(answer.getStatusCode());
        response.getHeaders().putAll(answer.getHeaders());
        var body = response.bufferFactory()
                .wrap(java.util.Objects.requireNonNull(answer.getBody()).getBytes(StandardCharsets.UTF_8));
        return response.writeWith(Mono.just(body));
    }
}
