package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.platform.ratelimit.RateLimitFilter;
import io.abk.billing.gateway.platform.ratelimit.RateLimiter;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /dashboard/login}, {@code /dashboard/login/code} and {@code /dashboard/logout}: the sign-in form, signing in
 * (a session and its cookie, then the home page, or the security settings for a member whose team requires a second
 * factor they do not have), the code's step for a member with a second factor (a pending sign-in in its own
 * cookie; an authenticator's code or one of the member's recovery codes), and signing out (the session ended on the server, the cookie dropped). The sign-in posts of a client
 * address are rate limited; a limit or a lockout is the sign-in page with 429 and {@code Retry-After}.
 */
@RestController
public class SignInRoutes {

    private final SignInService signIns;
    private final boolean secureCookies;
    private final @Nullable RateLimiter postsPerIp;

    public SignInRoutes(SignInService signIns, BillingProperties properties) {
        this.signIns = signIns;
        this.secureCookies = "https".equals(properties.publicUrl().getScheme());
        var limits = properties.rateLimits();
        // A bucket of their own per address, at the checkout's rate: guessing passwords or codes is slow.
        this.postsPerIp = limits.enabled()
                ? new RateLimiter(
                        limits.checkoutPerMinute(),
                        Duration.ofMinutes(1),
                        RateLimitFilter.MAX_BUCKETS,
                        System::nanoTime)
                : null;
    }

    @GetMapping(DashboardSessionFilter.LOGIN)
    public ResponseEntity<String> form(
            @RequestAttribute(name = DashboardSession.ATTRIBUTE, required = false) @Nullable DashboardSession session) {
        if (session != null) {
            return seeOther(DashboardSessionFilter.HOME).build();
        }
        return page(HttpStatus.OK, "", null);
    }

    @PostMapping(path = DashboardSessionFilter.LOGIN, consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    public Mono<ResponseEntity<String>> signIn(ServerWebExchange exchange) {
        var limited = limited(exchange, "");
        if (limited != null) {
            return Mono.just(limited);
        }
        return exchange.getFormData().flatMap(form -> {
            var email = form.getFirst("email");
            var password = form.getFirst("password");
            if (email == null || email.isBlank() || password == null || password.isEmpty()) {
                return Mono.just(page(HttpStatus.BAD_REQUEST, email, "Enter your email and your password."));
            }
            return signIns.signIn(email, password).map(outcome -> answer(outcome, email, false));
        });
    }

    @GetMapping(DashboardSessionFilter.LOGIN_CODE)
    public Mono<ResponseEntity<String>> codeForm(
            ServerWebExchange exchange,
            @RequestAttribute(name = DashboardSession.ATTRIBUTE, required = false) @Nullable DashboardSession session) {
        if (session != null) {
            return Mono.just(seeOther(DashboardSessionFilter.HOME).build());
        }
        var pending = SessionCookie.pendingOf(exchange.getRequest());
        if (pending.isEmpty()) {
            return Mono.just(seeOther(DashboardSessionFilter.LOGIN).build());
        }
        return signIns.isPending(pending.get())
                .map(live ->
                        live ? codePage(HttpStatus.OK, null) : answer(new SignInOutcome.CodeExpired(), null, true));
    }

    @PostMapping(path = DashboardSessionFilter.LOGIN_CODE, consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    public Mono<ResponseEntity<String>> signInWithCode(ServerWebExchange exchange) {
        var limited = limited(exchange, "");
        if (limited != null) {
            return Mono.just(limited);
        }
        var pending = SessionCookie.pendingOf(exchange.getRequest());
        if (pending.isEmpty()) {
            return Mono.just(answer(new SignInOutcome.CodeExpired(), null, true));
        }
        return exchange.getFormData().flatMap(form -> {
            var code = form.getFirst("code");
            if (code == null || code.isBlank()) {
                return Mono.just(codePage(
                        HttpStatus.BAD_REQUEST,
                        "Enter the six-digit code your authenticator shows, or one of your recovery codes."));
            }
            return signIns.signInWithCode(pending.get(), code.strip()).map(outcome -> answer(outcome, null, true));
        });
    }

    @PostMapping("/dashboard/logout")
    public Mono<ResponseEntity<String>> signOut(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        return signIns.signOut(session)
                .thenReturn(seeOther(DashboardSessionFilter.LOGIN)
                        .header(
                                HttpHeaders.SET_COOKIE,
                                SessionCookie.cleared(secureCookies).toString())
                        .build());
    }

    /**
     * The page or redirect of a sign-in's outcome; {@code email} is the one typed, null at the code's step, whose end
     * (signed in, expired, locked) also drops the pending sign-in's cookie.
     */
    private ResponseEntity<String> answer(SignInOutcome outcome, @Nullable String email, boolean atCodeStep) {
        var answer = answer(outcome, email);
        return atCodeStep && !(outcome instanceof SignInOutcome.WrongCode) ? withPendingCleared(answer) : answer;
    }

    private ResponseEntity<String> answer(SignInOutcome outcome, @Nullable String email) {
        return switch (outcome) {
            case SignInOutcome.SignedIn signedIn ->
                seeOther(
                                signedIn.session().mustEnrolTotp()
                                        ? DashboardSessionFilter.SECURITY
                                        : DashboardSessionFilter.HOME)
                        .header(
                                HttpHeaders.SET_COOKIE,
                                SessionCookie.issued(signedIn.token(), secureCookies)
                                        .toString())
                        .build();
            case SignInOutcome.CodeNeeded needed ->
                seeOther(DashboardSessionFilter.LOGIN_CODE)
                        .header(
                                HttpHeaders.SET_COOKIE,
                                SessionCookie.pendingIssued(needed.pendingToken(), secureCookies)
                                        .toString())
                        .build();
            case SignInOutcome.WrongCredentials wrong ->
                page(HttpStatus.UNAUTHORIZED, email, "That email and password do not match an account.");
            case SignInOutcome.WrongCode wrong ->
                codePage(
                        HttpStatus.UNAUTHORIZED,
                        "That code is not the one your authenticator shows now nor an unused recovery code, or it"
                                + " was used already.");
            case SignInOutcome.CodeExpired expired ->
                page(
                        HttpStatus.UNAUTHORIZED,
                        email,
                        "Your sign-in waited too long for its code. Enter your email and password again.");
            case SignInOutcome.LockedOut locked ->
                withRetryAfter(
                        page(
                                HttpStatus.TOO_MANY_REQUESTS,
                                email,
                                "Too many failed sign-ins: this account is locked for "
                                        + Math.max(1, (locked.retryAfter().toSeconds() + 59) / 60)
                                        + " minutes. Your team's owner can lift the lock."),
                        locked.retryAfter().toSeconds());
        };
    }

    /** The sign-in page with 429 when the address has posted too often; null when it may post. */
    private @Nullable ResponseEntity<String> limited(ServerWebExchange exchange, @Nullable String email) {
        if (postsPerIp == null) {
            return null;
        }
        var wait = postsPerIp.tryAcquire(RateLimitFilter.clientIp(exchange));
        if (wait == null) {
            return null;
        }
        var seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
        return withRetryAfter(
                page(
                        HttpStatus.TOO_MANY_REQUESTS,
                        email,
                        "Too many sign-ins from this address: try again in " + seconds + " seconds."),
                seconds);
    }

    private static ResponseEntity<String> page(HttpStatusCode status, @Nullable String email, @Nullable String error) {
        var model = new HashMap<String, Object>();
        model.put("email", email == null ? "" : email);
        model.put("error", error == null ? "" : error);
        return DashboardPages.html(
                status, DashboardPages.page("Sign in", null, null, DashboardPages.render(DashboardPages.LOGIN, model)));
    }

    private static ResponseEntity<String> codePage(HttpStatusCode status, @Nullable String error) {
        var model = new HashMap<String, Object>();
        model.put("error", error == null ? "" : error);
        return DashboardPages.html(
                status,
                DashboardPages.page(
                        "Sign in: code", null, null, DashboardPages.render(DashboardPages.LOGIN_CODE, model)));
    }

    private ResponseEntity<String> withPendingCleared(ResponseEntity<String> page) {
        return ResponseEntity.status(page.getStatusCode())
                .headers(page.getHeaders())
                .header(
                        HttpHeaders.SET_COOKIE,
                        SessionCookie.pendingCleared(secureCookies).toString())
                .body(page.getBody());
    }

    private static ResponseEntity<String> withRetryAfter(ResponseEntity<String> page, long seconds) {
        return ResponseEntity.status(page.getStatusCode())
                .headers(page.getHeaders())
                .header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, seconds)))
                .body(page.getBody());
    }

    private static ResponseEntity.BodyBuilder seeOther(String path) {
        return ResponseEntity.status(HttpStatus.SEE_OTHER).location(URI.create(path));
    }
}
