package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.controlplane.user.InvitationService;
import io.abk.billing.gateway.controlplane.user.UserRequest;
import java.net.URI;
import java.util.HashMap;
import java.util.Objects;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /dashboard/invitations/<token>}: an invitation's link, open to anyone who has it (no session). It shows the
 * team, the email and the role with a form to choose a password; sending it makes the invitee a member, signs them in
 * (a session and its cookie, as signing in does) and goes on to the home page. A link that no longer works (unknown,
 * accepted, revoked or expired) is a 404 page.
 */
@RestController
public class InvitationPageRoutes {

    static final String PATH = "/dashboard/invitations/{token}";
    static final String CONFIRMATION_FIELD = "passwordConfirmation";

    private final InvitationService invitations;
    private final SignInService signIns;
    private final boolean secureCookies;

    public InvitationPageRoutes(InvitationService invitations, SignInService signIns, BillingProperties properties) {
        this.invitations = invitations;
        this.signIns = signIns;
        this.secureCookies = "https".equals(properties.publicUrl().getScheme());
    }

    @GetMapping(PATH)
    public Mono<ResponseEntity<String>> form(@PathVariable String token) {
        return invitations
                .open(token)
                .map(opened -> page(HttpStatus.OK, opened, token, ""))
                .defaultIfEmpty(noLongerValid());
    }

    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    public Mono<ResponseEntity<String>> accept(@PathVariable String token, ServerWebExchange exchange) {
        return exchange.getFormData()
                .flatMap(form -> invitations
                        .open(token)
                        .flatMap(opened -> {
                            var password = Objects.requireNonNullElse(form.getFirst("password"), "");
                            var problem = UserRequest.passwordProblem(password);
                            if (problem.isPresent()) {
                                return Mono.just(page(HttpStatus.BAD_REQUEST, opened, token, sentence(problem.get())));
                            }
                            if (!password.equals(form.getFirst(CONFIRMATION_FIELD))) {
                                return Mono.just(page(
                                        HttpStatus.BAD_REQUEST,
                                        opened,
                                        token,
                                        "The two passwords differ: type the same twice."));
                            }
                            return invitations
                                    .accept(token, password)
                                    .flatMap(signIns::signInNew)
                                    .map(signedIn -> ResponseEntity.status(HttpStatus.SEE_OTHER)
                                            .location(URI.create(DashboardSessionFilter.HOME))
                                            .header(
                                                    HttpHeaders.SET_COOKIE,
                                                    SessionCookie.issued(signedIn.token(), secureCookies)
                                                            .toString())
                                            .<String>build());
                        })
                        .defaultIfEmpty(noLongerValid()));
    }

    /**
     * A post that is not the page's form (another body type, or none): the form again for a link that works, so the
     * invitee can send it, and the same 404 as ever for one that does not.
     */
    @PostMapping(PATH)
    public Mono<ResponseEntity<String>> notTheForm(@PathVariable String token) {
        return invitations
                .open(token)
                .map(opened -> page(HttpStatus.BAD_REQUEST, opened, token, "Choose your password in this form."))
                .defaultIfEmpty(noLongerValid());
    }

    private static ResponseEntity<String> page(
            HttpStatusCode status, InvitationService.Opened opened, String token, String error) {
        var invitation = opened.invitation();
        var model = new HashMap<String, Object>();
        model.put("team", opened.teamName());
        model.put("email", invitation.email());
        model.put("role", invitation.role().wireName());
        model.put("action", PATH.replace("{token}", token));
        model.put("minLength", UserRequest.MIN_PASSWORD_LENGTH);
        model.put("error", error);
        return DashboardPages.html(
                status,
                DashboardPages.page(
                        "Join " + opened.teamName(),
                        null,
                        null,
                        DashboardPages.render(DashboardPages.INVITATION, model)));
    }

    /** The API's sentence about a password, as a page says it. */
    private static String sentence(String problem) {
        return "The " + problem + ".";
    }

    private static ResponseEntity<String> noLongerValid() {
        return DashboardPages.refused(
                HttpStatus.NOT_FOUND, "This invitation is no longer valid. Ask your team's owner for a new one.");
    }
}
