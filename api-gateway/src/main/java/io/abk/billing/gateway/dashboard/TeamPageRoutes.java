package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.user.InvitationService;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.controlplane.user.UserService;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The owner's pages that change the team ({@code /dashboard/settings/team/...}): inviting a member (the form sent to
 * {@code POST /v1/team/invitations}, whose link it shows once), and the confirmations of a member's new role
 * ({@code PATCH /v1/team/members/{id}}), a member's removal ({@code DELETE /v1/team/members/{id}}) and an invitation's
 * revocation ({@code POST /v1/team/invitations/{id}/revoke}). Another role gets the 403 page, as the routes refuse it.
 */
@RestController
public class TeamPageRoutes {

    static final String TEAM = "/dashboard/settings/team";
    private static final String SECTION = "settings";
    private static final String BACK = "Back to the team";

    private final DashboardRenderer renderer;
    private final UserService users;
    private final InvitationService invitations;

    public TeamPageRoutes(DashboardRenderer renderer, UserService users, InvitationService invitations) {
        this.renderer = renderer;
        this.users = users;
        this.invitations = invitations;
    }

    @GetMapping(TEAM + "/invite")
    public Mono<ResponseEntity<String>> invite(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        if (!isOwner(session)) {
            return Mono.just(Rows.forbidden(session, "Only the owner may invite members"));
        }
        var model = new HashMap<String, Object>();
        model.put("idempotencyKey", "dash_" + UUID.randomUUID());
        model.put(
                "roles",
                Arrays.stream(UserRole.values())
                        .map(role -> Map.of("value", role.wireName(), "selected", role == UserRole.VIEWER))
                        .toList());
        return renderer.page(session, "Invite a member", SECTION, DashboardPages.TEAM_INVITE, model);
    }

    @GetMapping(TEAM + "/{id}/change-role")
    public Mono<ResponseEntity<String>> changeRole(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        if (!isOwner(session)) {
            return Mono.just(Rows.forbidden(session, "Only the owner may change a member's role"));
        }
        return DashboardRenderer.orRefusal(users.member(session.merchantId(), id)
                .flatMap(member -> confirm(
                        session,
                        new ConfirmPage(
                                        "team",
                                        "Change the role of " + member.email(),
                                        member.email() + " is a "
                                                + member.role().wireName()
                                                + " now; their next request is judged by the new role. The team"
                                                + " always keeps an owner.",
                                        "/v1/team/members/" + id,
                                        TEAM,
                                        BACK)
                                .method("PATCH", "change-role")
                                .select("Role", "role", roles(), member.role().wireName())
                                .button("Change role", false))));
    }

    @GetMapping(TEAM + "/{id}/remove")
    public Mono<ResponseEntity<String>> remove(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        if (!isOwner(session)) {
            return Mono.just(Rows.forbidden(session, "Only the owner may remove a member"));
        }
        return DashboardRenderer.orRefusal(users.member(session.merchantId(), id)
                .flatMap(member -> confirm(
                        session,
                        new ConfirmPage(
                                        "team",
                                        "Remove " + member.email(),
                                        member.email() + " leaves the team and is signed out everywhere at once. To"
                                                + " bring them back, invite them again.",
                                        "/v1/team/members/" + id,
                                        TEAM,
                                        BACK)
                                .method("DELETE", "remove")
                                .button("Remove member", true))));
    }

    @GetMapping(TEAM + "/invitations/{id}/revoke")
    public Mono<ResponseEntity<String>> revoke(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        if (!isOwner(session)) {
            return Mono.just(Rows.forbidden(session, "Only the owner may revoke an invitation"));
        }
        return DashboardRenderer.orRefusal(invitations
                .invitation(session.merchantId(), id)
                .flatMap(invitation -> confirm(
                        session,
                        new ConfirmPage(
                                        "team",
                                        "Revoke the invitation of " + invitation.email(),
                                        "Its link lets no one join any more. Invite " + invitation.email()
                                                + " again for a new one.",
                                        "/v1/team/invitations/" + id + "/revoke",
                                        TEAM,
                                        BACK)
                                .button("Revoke invitation", true))));
    }

    static boolean isOwner(DashboardSession session) {
        return session.role().includes(UserRole.OWNER);
    }

    private Mono<ResponseEntity<String>> confirm(DashboardSession session, ConfirmPage confirmation) {
        return renderer.page(session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model());
    }

    private static List<Map.Entry<String, String>> roles() {
        return Arrays.stream(UserRole.values())
                .map(role -> Map.entry(role.wireName(), role.wireName()))
                .toList();
    }
}
