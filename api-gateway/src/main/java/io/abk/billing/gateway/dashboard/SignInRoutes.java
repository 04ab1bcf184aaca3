package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.BillingProperties;
import java.net.URI;
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
 * {@code /dashboard/login} and {@code /dashboard/logout}: the sign-in form, signing in (a session and its cookie, then
 * the home page), and signing out (the session ended on the server, the cookie dropped).
 */
@RestController
public class SignInRoutes {

    private final SignInService signIns;
    private final boolean secureCookies;

    public SignInRoutes(SignInService signIns, BillingProperties properties) {
        this.signIns = signIns;
        this.secureCookies = "https".equals(properties.publicUrl().getScheme());
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
        return exchange.getFormData().flatMap(form -> {
            var email = form.getFirst("email");
            var password = form.getFirst("password");
            if (email == null || email.isBlank() || password == null || password.isEmpty()) {
                return Mono.just(page(HttpStatus.BAD_REQUEST, email, "Enter your email and your password."));
            }
            return signIns.signIn(email, password).map(outcome -> switch (outcome) {
                case SignInOutcome.SignedIn signedIn ->
                    seeOther(DashboardSessionFilter.HOME)
                            .header(
                                    HttpHeaders.SET_COOKIE,
                                    SessionCookie.issued(signedIn.token(), secureCookies)
                                            .toString())
                            .build();
                case SignInOutcome.WrongCredentials wrong ->
                    page(HttpStatus.UNAUTHORIZED, email, "That email and password do not match an account.");
                case SignInOutcome.LockedOut locked ->
                    withRetryAfter(
                            page(
                                    HttpStatus.TOO_MANY_REQUESTS,
                                    email,
                                    "Too many failed sign-ins: this account is locked for "
                                            + Math.max(1, (locked.retryAfter().toSeconds() + 59) / 60)
                                            + " minutes. Your team's owner can lift the lock."),
                            locked.retryAfter().toSeconds());
            });
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

    private static ResponseEntity<String> page(HttpStatusCode status, @Nullable String email, @Nullable String error) {
        var model = new HashMap<String, Object>();
        model.put("email", email == null ? "" : email);
        model.put("error", error == null ? "" : error);
        return DashboardPages.html(
                status, DashboardPages.page("Sign in", null, null, DashboardPages.render(DashboardPages.LOGIN, model)));
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
