package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import io.abk.billing.gateway.controlplane.user.TotpService;
import io.abk.billing.gateway.controlplane.user.UserRepository;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.platform.web.QrSvg;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /dashboard/settings/security}: the member's own second factor. Off, a button starts an enrolment
 * ({@code POST /v1/me/totp}); pending, the page shows the enrolment's QR code and its secret as text with the form of its
 * first code ({@code POST /v1/me/totp/confirm}), whose answer's recovery codes show once; on, how many recovery codes
 * are left with the form that makes new ones ({@code POST /v1/me/totp/recovery_codes}) and the form that turns it off
 * with a code ({@code DELETE /v1/me/totp}). The owner also sees whether the team requires it, and the confirmation
 * that changes that ({@code PATCH /v1/account} with {@code requireTotp}).
 */
@RestController
public class SecurityPageRoutes {

    private static final String SECURITY = DashboardSessionFilter.SECURITY;
    private static final String SECTION = "settings";
    private static final String PAGE = "security";
    private static final Map<String, String> DONE = Map.of(
            "started", "",
            "enabled", "Two-factor sign-in is on: from now on you sign in with your password and a code.",
            "disabled", "Two-factor sign-in is off: you sign in with your password alone.",
            "require-totp", "The team's two-factor requirement is saved.",
            "recovery-codes", "New recovery codes are made: the ones before no longer sign in.");

    private final DashboardRenderer renderer;
    private final MerchantService merchants;
    private final UserRepository users;
    private final TotpService totp;

    public SecurityPageRoutes(
            DashboardRenderer renderer, MerchantService merchants, UserRepository users, TotpService totp) {
        this.renderer = renderer;
        this.merchants = merchants;
        this.users = users;
        this.totp = totp;
    }

    @GetMapping(SECURITY)
    public Mono<ResponseEntity<String>> security(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.zip(
                        users.findMember(session.merchantId(), session.userId()),
                        merchants.get(session.merchantId()),
                        totp.pending(session.merchantId(), session.userId()),
                        totp.recoveryCodesLeft(session.userId()))
                .flatMap(found -> {
                    var member = found.getT1();
                    var required = found.getT2().requireTotp();
                    var pending = found.getT3();
                    var model = new HashMap<String, Object>();
                    model.put("done", DONE.getOrDefault(String.valueOf(query.getFirst("done")), ""));
                    model.put("mustEnrol", required && !member.hasTotp());
                    model.put("on", member.hasTotp());
                    model.put("off", !member.hasTotp() && pending.isEmpty());
                    model.put("pending", pending.isPresent());
                    model.put("showsCodes", member.hasTotp() || pending.isPresent());
                    model.put("recoveryCodesLeft", found.getT4());
                    model.put("recoveryKey", key());
                    pending.ifPresent(enrolment -> {
                        model.put("qr", QrSvg.of(enrolment.otpauthUri(), "QR code of your authenticator's enrolment"));
                        model.put("secret", enrolment.secret());
                    });
                    model.put("required", required);
                    model.put("isOwner", isOwner(session));
                    model.put("startKey", key());
                    model.put("confirmKey", key());
                    return renderer.page(session, "Security", SECTION, DashboardPages.SECURITY, model);
                }));
    }

    @GetMapping(SECURITY + "/require")
    public Mono<ResponseEntity<String>> require(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        if (!isOwner(session)) {
            return Mono.just(Rows.forbidden(session, "Only the owner may require two-factor sign-in"));
        }
        return DashboardRenderer.orRefusal(merchants.get(session.merchantId()).flatMap(merchant -> {
            var requiring = !merchant.requireTotp();
            var confirmation = new ConfirmPage(
                            PAGE,
                            requiring ? "Require two-factor sign-in for the team" : "Stop requiring two-factor sign-in",
                            requiring
                                    ? "Every member then signs in with a password and an authenticator's code. A"
                                            + " member without an authenticator is sent to set one up at their next"
                                            + " page, and can do nothing else until they have."
                                    : "Members may then turn their authenticator off and sign in with a password"
                                            + " alone.",
                            "/v1/account",
                            SECURITY,
                            "Back to security")
                    .method("PATCH", "require-totp")
                    .fixed("requireTotp", "boolean", Boolean.toString(requiring))
                    .button(requiring ? "Require two-factor sign-in" : "Stop requiring it", !requiring);
            return renderer.page(
                    session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model());
        }));
    }

    private static boolean isOwner(DashboardSession session) {
        return session.role().includes(UserRole.OWNER);
    }

    private static String key() {
        return "dash_" + UUID.randomUUID();
    }
}
