package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * The team's owner invites people (a link shown once, valid 72 hours, accepted by choosing a password), changes
 * members' roles and removes members, through {@code /dashboard/api/v1/team/...} and the team's pages; the invitation's
 * page is open to whoever holds the link, and signs the new member in.
 */
class TeamInvitationsIT extends DashboardIT {

    private static final String NEW_PASSWORD = "a long new password";

    @Test
    void shouldLetTheOwnerInviteAMemberWhoJoinsOnceByChoosingAPasswordAndHasTheInvitedRole() {
        var merchantId = createMerchant("Invite Ltd");
        var owner = member(merchantId, null);
        var email = "Invitee-" + UUID.randomUUID() + "@Example.com";

        // given the team page offering the owner an invitation, and its form
        assertThat(page("/dashboard/settings/team", owner.token()))
                .contains("href=\"/dashboard/settings/team/invite\" data-action=\"create\"")
                .contains("No invitation is pending");
        assertThat(page("/dashboard/settings/team/invite", owner.token()))
                .contains("data-page=\"team\"")
                .contains("data-api-path=\"/v1/team/invitations\"")
                .contains("data-show-secret=\"invitation.url\"")
                .contains("name=\"email\"")
                .contains("<select name=\"role\"")
                .contains("data-copy=\"secret-value\"");

        // when the owner invites an email as an admin
        var invited = api(owner, HttpMethod.POST, "/v1/team/invitations", Map.of("email", email, "role", "admin"));

        // then the answer holds the link, once, and the team lists the invitation without it
        assertThat(invited.status()).as(invited.text()).isEqualTo(201);
        var invitation = invited.body().get("invitation");
        var id = invitation.get("id").stringValue();
        assertThat(id).startsWith("uinv_");
        assertThat(invitation.get("email").stringValue()).isEqualTo(email.toLowerCase(java.util.Locale.ROOT));
        assertThat(invitation.get("role").stringValue()).isEqualTo("admin");
        assertThat(invitation.get("expiresAt").isString()).isTrue();
        var url = invitation.get("url").stringValue();
        assertThat(url).matches("https?://[^/]+/dashboard/invitations/[A-Za-z0-9_-]{43}");
        var link = URI.create(url).getPath();
        var token = link.substring(link.lastIndexOf('/') + 1);
        var pending = api(owner, HttpMethod.GET, "/v1/team/invitations", null);
        assertThat(pending.status()).as(pending.text()).isEqualTo(200);
        assertThat(pending.body().get("invitations").get(0).get("id").stringValue())
                .isEqualTo(id);
        assertThat(pending.text()).doesNotContain(token).doesNotContain("\"url\"");
        var teamPage = page("/dashboard/settings/team", owner.token());
        assertThat(rowOf(teamPage, "data-id=\"" + id + "\""))
                .contains(email.toLowerCase(java.util.Locale.ROOT))
                .contains("href=\"/dashboard/settings/team/invitations/" + id + "/revoke\"");
        assertThat(teamPage).doesNotContain(token);

        // and the link's page, for anyone who has it, names the team, the email and the role with the password form
        var form = http.get().uri(link).exchange().expectBody(String.class).returnResult();
        assertThat(form.getStatus().value()).isEqualTo(200);
        assertThat(form.getResponseBody())
                .contains("data-page=\"invitation\"")
                .contains("Invite Ltd")
                .contains(email.toLowerCase(java.util.Locale.ROOT))
                .contains("admin")
                .contains("name=\"password\"")
                .contains("name=\"passwordConfirmation\"");

        // when the invitee sends a short password, or two that differ, then the form comes back with the reason
        var weak = postForm(link, Map.of("password", "short", "passwordConfirmation", "short"));
        assertThat(weak.status()).isEqualTo(400);
        assertThat(weak.text()).contains("at least 12 characters").contains("name=\"password\"");
        var differ = postForm(link, Map.of("password", NEW_PASSWORD, "passwordConfirmation", NEW_PASSWORD + "!"));
        assertThat(differ.status()).isEqualTo(400);
        assertThat(differ.text()).contains("The two passwords differ");
        assertThat(api(owner, HttpMethod.GET, "/v1/team/invitations", null).text())
                .contains(id);

        // when they choose a good one
        var accepted = postForm(link, Map.of("password", NEW_PASSWORD, "passwordConfirmation", NEW_PASSWORD));

        // then they are signed in, on the home page, as an admin of the team
        assertThat(accepted.status()).as(accepted.text()).isEqualTo(303);
        assertThat(accepted.header(HttpHeaders.LOCATION)).isEqualTo("/dashboard/home");
        var newToken = cookieOf(accepted.header(HttpHeaders.SET_COOKIE));
        var home = page("/dashboard/home", newToken);
        assertThat(home)
                .contains(email.toLowerCase(java.util.Locale.ROOT))
                .contains("<span class=\"role\">admin</span>");
        var admin = new Session(merchantId, email, newToken, csrfOf(home));
        // and an admin may not do what is the owner's: invite, or see the team
        var byAdmin =
                api(admin, HttpMethod.POST, "/v1/team/invitations", Map.of("email", "x@example.com", "role", "viewer"));
        assertThat(byAdmin.status()).as(byAdmin.text()).isEqualTo(403);
        assertThat(byAdmin.code()).isEqualTo("permission_denied");
        assertThat(answer("/dashboard/settings/team", newToken).status()).isEqualTo(403);
        assertThat(answer("/dashboard/settings/team/invite", newToken).status()).isEqualTo(403);
        // and they sign in with the password they chose
        signIn(email, NEW_PASSWORD).expectStatus().isSeeOther().expectHeader().location("/dashboard/home");

        // and the link works no more: a second use is 404 and makes no one
        var again = http.get().uri(link).exchange().expectBody(String.class).returnResult();
        assertThat(again.getStatus().value()).isEqualTo(404);
        assertThat(again.getResponseBody()).contains("This invitation is no longer valid");
        var reused = postForm(link, Map.of("password", PASSWORD, "passwordConfirmation", PASSWORD));
        assertThat(reused.status()).isEqualTo(404);
        signIn(email, PASSWORD).expectStatus().isUnauthorized();
        assertThat(api(owner, HttpMethod.GET, "/v1/team/invitations", null).text())
                .doesNotContain(id);
        var revokeAccepted = api(owner, HttpMethod.POST, "/v1/team/invitations/" + id + "/revoke", Map.of());
        assertThat(revokeAccepted.status()).as(revokeAccepted.text()).isEqualTo(409);
        // and the audit log names who invited and who accepted
        var log = page("/dashboard/settings/audit-log", owner.token());
        assertThat(rowOf(log, "user.invited")).contains(owner.email());
        assertThat(rowOf(log, "invitation.accepted")).contains(email.toLowerCase(java.util.Locale.ROOT));
    }

    @Test
    void shouldKeepTheInvitationsReplayableAnswerSealedAndReplayItWithTheSameLink() throws SQLException {
        // Protects the link at rest: an Idempotency-Key stores the answer, whose link makes a member of whoever has it.
        var owner = member(createMerchant("Invite Replay Ltd"), null);
        var key = "invite-" + UUID.randomUUID();
        var body = Map.of("email", "invitee-" + UUID.randomUUID() + "@example.com", "role", "viewer");

        var first = apiWith(owner, HttpMethod.POST, "/v1/team/invitations", body, owner.csrf(), key);
        var replay = apiWith(owner, HttpMethod.POST, "/v1/team/invitations", body, owner.csrf(), key);

        assertThat(first.status()).as(first.text()).isEqualTo(201);
        var url = first.body().at("/invitation/url").asString();
        assertThat(replay.body().at("/invitation/url").asString()).isEqualTo(url);
        try (var connection = database().connect();
                var query = connection.prepareStatement("SELECT response_body FROM idempotency_keys WHERE key = ?")) {
            query.setString(1, key);
            try (var rows = query.executeQuery()) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).startsWith("v1:").doesNotContain(url.substring(url.lastIndexOf('/') + 1));
            }
        }
    }

    @Test
    void shouldAnswer404ForAnExpiredRevokedOrUnknownLink() throws SQLException {
        var team = newTeam("Expiry Ltd");
        var expired = invite(team.owner(), "viewer");
        var revoked = invite(team.owner(), "developer");

        // given one invitation past its 72 hours, and one revoked by the owner through its confirmation page
        try (var connection = database().connect();
                var update = connection.prepareStatement(
                        "UPDATE merchant_invitations SET expires_at = now() - interval '1 minute' WHERE id = ?")) {
            update.setString(1, expired.id());
            assertThat(update.executeUpdate()).isOne();
        }
        assertThat(page(
                        "/dashboard/settings/team/invitations/" + revoked.id() + "/revoke",
                        team.owner().token()))
                .contains("data-api-path=\"/v1/team/invitations/" + revoked.id() + "/revoke\"")
                .contains("data-next=\"/dashboard/settings/team?done=revoke\"")
                .contains("data-action=\"confirm\"");
        var revoke = api(team.owner(), HttpMethod.POST, "/v1/team/invitations/" + revoked.id() + "/revoke", Map.of());
        assertThat(revoke.status()).as(revoke.text()).isEqualTo(200);

        // then neither link opens nor accepts, and neither is pending
        for (var gone : new Invited[] {expired, revoked}) {
            assertThat(http.get()
                            .uri(gone.link())
                            .exchange()
                            .expectBody(String.class)
                            .returnResult()
                            .getStatus()
                            .value())
                    .as(gone.link())
                    .isEqualTo(404);
            var accept = postForm(gone.link(), Map.of("password", NEW_PASSWORD, "passwordConfirmation", NEW_PASSWORD));
            assertThat(accept.status()).isEqualTo(404);
            assertThat(accept.text()).contains("This invitation is no longer valid");
            signIn(gone.email(), NEW_PASSWORD).expectStatus().isUnauthorized();
            // and a post that is not the form is the same 404
            http.post().uri(gone.link()).exchange().expectStatus().isNotFound();
        }
        var pending =
                api(team.owner(), HttpMethod.GET, "/v1/team/invitations", null).text();
        assertThat(pending).doesNotContain(expired.id()).doesNotContain(revoked.id());
        assertThat(page("/dashboard/settings/team?done=revoke", team.owner().token()))
                .contains("data-done")
                .doesNotContain(revoked.id());
        // and an unknown or malformed token is the same 404
        for (var unknown : new String[] {"A".repeat(43), "not-a-token", "%2e%2e"}) {
            var shown = http.get()
                    .uri("/dashboard/invitations/" + unknown)
                    .exchange()
                    .expectBody(String.class)
                    .returnResult();
            assertThat(shown.getStatus().value()).as(unknown).isEqualTo(404);
        }
        // and the audit log names who revoked
        assertThat(rowOf(page("/dashboard/settings/audit-log", team.owner().token()), "invitation.revoked"))
                .contains(team.owner().email());
    }

    @Test
    void shouldRefuseABadOrDuplicateInvitationAndAnotherTeamsRevocationAndChangeNothing() {
        var team = newTeam("Refusals Ltd");
        var other = newTeam("Others Ltd");
        var owner = team.owner();

        // when the invitation is malformed, then 400 naming the field
        for (var body : java.util.List.<Map<String, Object>>of(
                Map.of("role", "viewer"),
                Map.of("email", "not an email", "role", "viewer"),
                Map.of("email", "ok@example.com"),
                Map.of("email", "ok@example.com", "role", "boss"))) {
            var refused = api(owner, HttpMethod.POST, "/v1/team/invitations", body);
            assertThat(refused.status()).as(body + ": " + refused.text()).isEqualTo(400);
            assertThat(refused.body().get("param").stringValue()).isIn("email", "role");
        }
        // when the email is a member's, of this team or another, then 409
        for (var member : new Session[] {team.viewer(), other.owner()}) {
            var taken = api(
                    owner, HttpMethod.POST, "/v1/team/invitations", Map.of("email", member.email(), "role", "admin"));
            assertThat(taken.status()).as(taken.text()).isEqualTo(409);
            assertThat(taken.code()).isEqualTo("email_in_use");
        }
        // when the email has a pending invitation, then 409; an owner may be invited
        var first = invite(owner, "owner");
        var twice =
                api(owner, HttpMethod.POST, "/v1/team/invitations", Map.of("email", first.email(), "role", "viewer"));
        assertThat(twice.status()).as(twice.text()).isEqualTo(409);
        assertThat(twice.code()).isEqualTo("invitation_pending");
        // and nothing was made by the refusals
        assertThat(api(owner, HttpMethod.GET, "/v1/team/invitations", null)
                        .body()
                        .get("invitations")
                        .size())
                .isOne();

        // when another team's owner revokes or opens this team's invitation, then it is missing, and still works
        var theirs = api(other.owner(), HttpMethod.POST, "/v1/team/invitations/" + first.id() + "/revoke", Map.of());
        assertThat(theirs.status()).as(theirs.text()).isEqualTo(404);
        assertThat(theirs.code()).isEqualTo("resource_missing");
        assertThat(answer(
                                "/dashboard/settings/team/invitations/" + first.id() + "/revoke",
                                other.owner().token())
                        .status())
                .isEqualTo(404);
        assertThat(api(other.owner(), HttpMethod.GET, "/v1/team/invitations", null)
                        .text())
                .doesNotContain(first.id());
        assertThat(http.get()
                        .uri(first.link())
                        .exchange()
                        .expectBody(String.class)
                        .returnResult()
                        .getStatus()
                        .value())
                .isEqualTo(200);
        // and a post to the working link that is not its form (a JSON body) shows the form again and makes no one
        var notTheForm = http.post()
                .uri(first.link())
                .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("password", NEW_PASSWORD))
                .exchange()
                .expectBody(String.class)
                .returnResult();
        assertThat(notTheForm.getStatus().value()).isEqualTo(400);
        assertThat(notTheForm.getResponseBody()).contains("name=\"password\"");
        signIn(first.email(), NEW_PASSWORD).expectStatus().isUnauthorized();
        // and a viewer, or an API key, may not invite
        var byViewer = api(
                team.viewer(),
                HttpMethod.POST,
                "/v1/team/invitations",
                Map.of("email", "v@example.com", "role", "viewer"));
        assertThat(byViewer.status()).isEqualTo(403);
        var byKey = post(
                team.merchant(), "test", "/v1/team/invitations", Map.of("email", "k@example.com", "role", "viewer"));
        assertThat(byKey.status()).as(byKey.text()).isEqualTo(403);
        assertThat(byKey.code()).isEqualTo("permission_denied");
        assertThat(answer(
                                "/dashboard/settings/team/invitations/" + first.id() + "/revoke",
                                team.viewer().token())
                        .status())
                .isEqualTo(403);
    }

    @Test
    void shouldJudgeAMembersNextRequestByTheirNewRoleKeepAnOwnerAndSignOutARemovedMember() {
        var team = newTeam("Roles Ltd");
        var owner = team.owner();
        var developer = member(team.merchant().id(), "developer");
        var members = api(owner, HttpMethod.GET, "/v1/team/members", null).body();
        var ownerId = idOf(members, owner.email());
        var developerId = idOf(members, developer.email());
        var viewerId = idOf(members, team.viewer().email());

        // given the team page with the owner's actions: a role for everyone, removal for everyone but themselves
        var teamPage = page("/dashboard/settings/team", owner.token());
        assertThat(rowOf(teamPage, "data-id=\"" + developerId + "\""))
                .contains("href=\"/dashboard/settings/team/" + developerId + "/change-role\"")
                .contains("href=\"/dashboard/settings/team/" + developerId + "/remove\"");
        assertThat(rowOf(teamPage, "data-id=\"" + ownerId + "\""))
                .contains("data-action=\"change-role\"")
                .doesNotContain("data-action=\"remove\"");
        assertThat(page("/dashboard/settings/team/" + developerId + "/change-role", owner.token()))
                .contains("data-api-path=\"/v1/team/members/" + developerId + "\"")
                .contains("data-api-method=\"PATCH\"")
                .contains("<select name=\"role\">")
                .contains("<option value=\"developer\" selected>");
        assertThat(page("/dashboard/settings/team/" + viewerId + "/remove", owner.token()))
                .contains("data-api-method=\"DELETE\"")
                .contains("data-next=\"/dashboard/settings/team?done=remove\"");
        assertThat(answer("/dashboard/settings/team/" + viewerId + "/remove", developer.token())
                        .status())
                .isEqualTo(403);

        // when the team's only owner would stop being one, then 409 last_owner, and they stay the owner
        var demoted = api(owner, HttpMethod.PATCH, "/v1/team/members/" + ownerId, Map.of("role", "admin"));
        assertThat(demoted.status()).as(demoted.text()).isEqualTo(409);
        assertThat(demoted.code()).isEqualTo("last_owner");
        assertThat(page("/dashboard/settings/team", owner.token())).contains("data-page=\"team\"");
        var badRole = api(owner, HttpMethod.PATCH, "/v1/team/members/" + developerId, Map.of("role", "boss"));
        assertThat(badRole.status()).as(badRole.text()).isEqualTo(400);

        // when the owner makes the developer an owner
        assertThat(answer("/dashboard/settings/team", developer.token()).status())
                .isEqualTo(403);
        var promoted = api(owner, HttpMethod.PATCH, "/v1/team/members/" + developerId, Map.of("role", "owner"));

        // then the developer's next request, in the session they already had, is an owner's
        assertThat(promoted.status()).as(promoted.text()).isEqualTo(200);
        assertThat(promoted.body().get("member").get("role").stringValue()).isEqualTo("owner");
        assertThat(page("/dashboard/settings/team", developer.token())).contains("data-page=\"team\"");
        // and with two owners, the first may step down, and is judged as an admin at once
        var steppedDown = api(owner, HttpMethod.PATCH, "/v1/team/members/" + ownerId, Map.of("role", "admin"));
        assertThat(steppedDown.status()).as(steppedDown.text()).isEqualTo(200);
        assertThat(answer("/dashboard/settings/team", owner.token()).status()).isEqualTo(403);

        // when the new owner removes the viewer, and then themselves
        assertThat(page("/dashboard/home", team.viewer().token()))
                .contains(team.viewer().email());
        var removed = api(developer, HttpMethod.DELETE, "/v1/team/members/" + viewerId, null);
        var self = api(developer, HttpMethod.DELETE, "/v1/team/members/" + developerId, null);

        // then the viewer's session ends (their cookie gets the sign-in page) and they sign in no more
        assertThat(removed.status()).as(removed.text()).isEqualTo(200);
        pageAnswer("/dashboard/home", team.viewer().token())
                .expectStatus()
                .isSeeOther()
                .expectHeader()
                .location(DashboardSessionFilter.LOGIN);
        signIn(team.viewer().email(), PASSWORD).expectStatus().isUnauthorized();
        assertThat(api(developer, HttpMethod.GET, "/v1/team/members", null).text())
                .doesNotContain(team.viewer().email());
        // and no one removes themselves
        assertThat(self.status()).as(self.text()).isEqualTo(409);
        assertThat(self.code()).isEqualTo("cannot_remove_self");
        assertThat(page("/dashboard/settings/team", developer.token())).contains("data-page=\"team\"");
        // and another team's owner can neither change nor remove this team's members
        var other = newTeam("Other Roles Ltd");
        var foreignRole = api(other.owner(), HttpMethod.PATCH, "/v1/team/members/" + ownerId, Map.of("role", "owner"));
        assertThat(foreignRole.status()).as(foreignRole.text()).isEqualTo(404);
        var foreignRemoval = api(other.owner(), HttpMethod.DELETE, "/v1/team/members/" + ownerId, null);
        assertThat(foreignRemoval.status()).as(foreignRemoval.text()).isEqualTo(404);
        assertThat(page("/dashboard/home", owner.token())).contains("<span class=\"role\">admin</span>");
        // and the audit log names who changed what
        var log = page("/dashboard/settings/audit-log", developer.token());
        assertThat(rowOf(log, "user.removed")).contains(developer.email());
        assertThat(log).contains("user.role_changed");
    }

    /** An invitation made through the dashboard: its id, email and the path of its link. */
    private record Invited(String id, String email, String link) {}

    private Invited invite(Session owner, String role) {
        var email = "invitee-" + UUID.randomUUID() + "@example.com";
        var invited = api(owner, HttpMethod.POST, "/v1/team/invitations", Map.of("email", email, "role", role));
        assertThat(invited.status()).as(invited.text()).isEqualTo(201);
        var invitation = invited.body().get("invitation");
        return new Invited(
                invitation.get("id").stringValue(),
                email,
                URI.create(invitation.get("url").stringValue()).getPath());
    }

    private static String cookieOf(@org.jspecify.annotations.Nullable String setCookie) {
        assertThat(setCookie).isNotNull().startsWith("abk_session=");
        var value = setCookie.substring("abk_session=".length());
        return value.substring(0, value.indexOf(';'));
    }

    private static String rowOf(String page, String text) {
        var at = page.indexOf(text);
        assertThat(at).as(text + " in " + page).isNotNegative();
        var start = page.lastIndexOf("<tr", at);
        return page.substring(start, page.indexOf("</tr>", at));
    }

    private static String idOf(JsonNode members, String email) {
        return members.get("members")
                .valueStream()
                .filter(member -> member.get("email").stringValue().equals(email))
                .findFirst()
                .orElseThrow(() -> new AssertionError(email + " not in " + members))
                .get("id")
                .stringValue();
    }
}
