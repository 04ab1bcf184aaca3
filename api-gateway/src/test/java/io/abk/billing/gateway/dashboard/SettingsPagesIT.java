package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard's settings as a team's members see them: the account's names and payout address, changed by the owner
 * only through {@code /dashboard/api/v1/account}; the team with its lockouts, lifted by the owner through
 * {@code /dashboard/api/v1/team/members/{id}/unlock}; and the audit log, which names members by their email and is an
 * admin's or the owner's to read.
 */
class SettingsPagesIT extends DashboardIT {

    private static final String NEW_PAYOUT = "0x4444444444444444444444444444444444444444";

    /** A team of three: its owner, an admin and a viewer, each signed in. */
    private record SettingsTeam(String merchantId, Session owner, Session admin, Session viewer) {}

    private SettingsTeam settingsTeam(String name) {
        var merchantId = createMerchant(name, PAYOUT);
        return new SettingsTeam(
                merchantId, member(merchantId, null), member(merchantId, "admin"), member(merchantId, "viewer"));
    }

    @Test
    void shouldLetTheOwnerAloneChangeTheSettingsAndShowTheChangeInTheAuditLogByTheOwnersEmail() {
        var team = settingsTeam("Settings Ltd");

        // given the settings page, which offers the change to the owner only
        var asOwner = page("/dashboard/settings", team.owner().token());
        assertThat(asOwner)
                .contains("data-page=\"settings\"")
                .contains("Settings Ltd")
                .contains(PAYOUT)
                .contains("data-action=\"edit-settings\"")
                .contains("href=\"/dashboard/settings/team\"")
                .contains("href=\"/dashboard/settings/audit-log\"");
        var asAdmin = page("/dashboard/settings", team.admin().token());
        assertThat(asAdmin)
                .contains(PAYOUT)
                .doesNotContain("data-action=\"edit-settings\"")
                .doesNotContain("href=\"/dashboard/settings/team\"")
                .contains("href=\"/dashboard/settings/audit-log\"");
        assertThat(page("/dashboard/settings", team.viewer().token()))
                .doesNotContain("data-action=\"edit-settings\"")
                .doesNotContain("href=\"/dashboard/settings/audit-log\"");
        assertThat(page("/dashboard/settings/edit", team.owner().token()))
                .contains("data-api-path=\"/v1/account\"")
                .contains("data-api-method=\"PATCH\"")
                .contains("name=\"displayName\"")
                .contains("name=\"payoutAddressEvm\" value=\"" + PAYOUT + "\"")
                .contains("data-action=\"confirm\"");
        assertThat(answer("/dashboard/settings/edit", team.admin().token()).status())
                .isEqualTo(403);

        // when the admin sends the change through the dashboard, then it is refused and changes nothing
        var refused = api(team.admin(), HttpMethod.PATCH, "/v1/account", Map.of("displayName", "Admin name"));
        assertThat(refused.status()).as(refused.text()).isEqualTo(403);
        assertThat(refused.code()).isEqualTo("permission_denied");

        // when the owner sends it
        var changed = api(
                team.owner(),
                HttpMethod.PATCH,
                "/v1/account",
                Map.of("displayName", "Settings & Sons", "payoutAddressEvm", NEW_PAYOUT));

        // then it is done, and every member's pages show it
        assertThat(changed.status()).as(changed.text()).isEqualTo(200);
        assertThat(changed.body().get("account").get("displayName").stringValue())
                .isEqualTo("Settings & Sons");
        assertThat(page("/dashboard/settings?done=edit-settings", team.viewer().token()))
                .contains("Settings &amp; Sons")
                .contains(NEW_PAYOUT)
                .doesNotContain("Admin name")
                .contains("data-done");
        // and a bad address is refused as the API refuses it
        var bad = api(team.owner(), HttpMethod.PATCH, "/v1/account", Map.of("payoutAddressEvm", "0x12"));
        assertThat(bad.status()).as(bad.text()).isEqualTo(400);
        assertThat(bad.body().get("param").stringValue()).isEqualTo("payoutAddressEvm");

        // and the audit log shows the change by the owner's email, newest first, to the owner and the admin
        for (var reader : new Session[] {team.owner(), team.admin()}) {
            var log = page("/dashboard/settings/audit-log", reader.token());
            assertThat(log).contains("data-page=\"audit-log\"");
            var row = rowOf(log, "merchant.updated");
            assertThat(row).contains(team.owner().email()).contains("account");
            assertThat(log.indexOf("merchant.updated")).isLessThan(log.indexOf("user.created"));
        }
        // and the viewer may not read it
        var asViewer = answer("/dashboard/settings/audit-log", team.viewer().token());
        assertThat(asViewer.status()).isEqualTo(403);
        assertThat(asViewer.body()).doesNotContain("merchant.updated");
    }

    @Test
    void shouldShowTheTeamWithALockedMemberToTheOwnerWhoseUnlockLetsThemSignInAgain() {
        var team = settingsTeam("Lockout Ltd");
        var members = api(team.owner(), HttpMethod.GET, "/v1/team/members", null);
        assertThat(members.status()).as(members.text()).isEqualTo(200);
        assertThat(members.text()).doesNotContain("argon2").doesNotContain(PASSWORD);
        var viewerId = idOf(members.body(), team.viewer().email());

        // given the viewer locked out by five wrong passwords in a row
        for (int failure = 0; failure < 5; failure++) {
            signIn(team.viewer().email(), "wrong");
        }
        signIn(team.viewer().email(), PASSWORD).expectStatus().isEqualTo(429);

        // then the team page lists the three, the viewer locked with the owner's way to unlock them
        var teamPage = page("/dashboard/settings/team", team.owner().token());
        assertThat(teamPage).contains("data-page=\"team\"");
        for (var member : new Session[] {team.owner(), team.admin(), team.viewer()}) {
            var id = idOf(members.body(), member.email());
            var row = rowOf(teamPage, "data-id=\"" + id + "\"");
            assertThat(row).contains(member.email());
            assertThat(row.contains("data-locked")).as(member.email()).isEqualTo(member == team.viewer());
        }
        assertThat(teamPage).contains("href=\"/dashboard/settings/team/" + viewerId + "/unlock\"");
        var locked = api(team.owner(), HttpMethod.GET, "/v1/team/members", null).body();
        assertThat(memberOf(locked, team.viewer().email()).get("lockedUntil").isString())
                .isTrue();
        assertThat(memberOf(locked, team.admin().email()).get("lockedUntil").isNull())
                .isTrue();
        assertThat(page(
                        "/dashboard/settings/team/" + viewerId + "/unlock",
                        team.owner().token()))
                .contains("data-api-path=\"/v1/team/members/" + viewerId + "/unlock\"")
                .contains("data-next=\"/dashboard/settings/team?done=unlock\"")
                .contains("data-action=\"confirm\"");
        // and the admin may neither see the team nor unlock anyone
        assertThat(answer("/dashboard/settings/team", team.admin().token()).status())
                .isEqualTo(403);
        assertThat(answer(
                                "/dashboard/settings/team/" + viewerId + "/unlock",
                                team.admin().token())
                        .status())
                .isEqualTo(403);
        assertThat(api(team.admin(), HttpMethod.GET, "/v1/team/members", null).code())
                .isEqualTo("permission_denied");
        var byAdmin = api(team.admin(), HttpMethod.POST, "/v1/team/members/" + viewerId + "/unlock", Map.of());
        assertThat(byAdmin.status()).as(byAdmin.text()).isEqualTo(403);
        signIn(team.viewer().email(), PASSWORD).expectStatus().isEqualTo(429);

        // when the owner unlocks the viewer
        var unlocked = api(team.owner(), HttpMethod.POST, "/v1/team/members/" + viewerId + "/unlock", Map.of());

        // then the viewer signs in again, the team page shows no lockout, and the audit log names who lifted it
        assertThat(unlocked.status()).as(unlocked.text()).isEqualTo(200);
        assertThat(unlocked.body().get("member").get("lockedUntil").isNull()).isTrue();
        signIn(team.viewer().email(), PASSWORD)
                .expectStatus()
                .isSeeOther()
                .expectHeader()
                .exists(HttpHeaders.SET_COOKIE);
        assertThat(page("/dashboard/settings/team?done=unlock", team.owner().token()))
                .doesNotContain("data-locked")
                .contains("data-done");
        assertThat(rowOf(page("/dashboard/settings/audit-log", team.admin().token()), "user.unlocked"))
                .contains(team.owner().email())
                .contains(viewerId);
    }

    @Test
    void shouldRefuseAMemberOfAnotherTeamTheMembersOfThisOne() {
        var team = settingsTeam("Mine Ltd");
        var other = settingsTeam("Theirs Ltd");
        var otherViewerId = idOf(
                api(other.owner(), HttpMethod.GET, "/v1/team/members", null).body(),
                other.viewer().email());
        for (int failure = 0; failure < 5; failure++) {
            signIn(other.viewer().email(), "wrong");
        }

        // when this team's owner opens or unlocks the other team's member, then they are missing, and stay locked
        assertThat(answer(
                                "/dashboard/settings/team/" + otherViewerId + "/unlock",
                                team.owner().token())
                        .status())
                .isEqualTo(404);
        var unlock = api(team.owner(), HttpMethod.POST, "/v1/team/members/" + otherViewerId + "/unlock", Map.of());
        assertThat(unlock.status()).as(unlock.text()).isEqualTo(404);
        assertThat(unlock.code()).isEqualTo("resource_missing");
        signIn(other.viewer().email(), PASSWORD).expectStatus().isEqualTo(429);
        // and neither the team page nor the audit log (whatever the query names) shows the other team
        assertThat(page("/dashboard/settings/team", team.owner().token()))
                .doesNotContain(other.viewer().email());
        assertThat(page(
                        "/dashboard/settings/audit-log?merchantId=" + other.merchantId(),
                        team.owner().token()))
                .doesNotContain(other.owner().email())
                .doesNotContain(otherViewerId)
                .contains("user.created");
    }

    /** The table row of {@code page} that holds {@code text}. */
    private static String rowOf(String page, String text) {
        var at = page.indexOf(text);
        assertThat(at).as(text + " in " + page).isNotNegative();
        var start = page.lastIndexOf("<tr", at);
        return page.substring(start, page.indexOf("</tr>", at));
    }

    private static String idOf(JsonNode members, String email) {
        return memberOf(members, email).get("id").stringValue();
    }

    private static JsonNode memberOf(JsonNode members, String email) {
        return members.get("members")
                .valueStream()
                .filter(member -> member.get("email").stringValue().equals(email))
                .findFirst()
                .orElseThrow(() -> new AssertionError(email + " not in " + members));
    }
}
