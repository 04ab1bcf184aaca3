package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.BodyInserters;

/**
 * Two-factor sign-in: a member enrols an authenticator through {@code /dashboard/api/v1/me/totp}, then signs in with
 * the password and a code on {@code /dashboard/login/code}; a wrong code is a failed sign-in (five lock the account,
 * answered as the sign-in page with 429), a code is accepted once, and a team whose owner requires two factors keeps
 * an un-enrolled member on the security page. Codes are computed here with the library's generator.
 */
class TotpSignInIT extends TotpIT {

    private static final String SECURITY = "/dashboard/settings/security";

    @Test
    void shouldAskAnEnrolledMemberForTheCodeAndRefuseAWrongOrReplayedOne() throws SQLException {
        var merchantId = createMerchant("Totp Ltd");
        var owner = member(merchantId, null);

        // given an enrolment started and confirmed with the authenticator's code
        var secret = enrol(owner);
        var confirmedStep = step();
        var confirmed = api(owner, HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", code(secret, confirmedStep)));
        assertThat(confirmed.status()).as(confirmed.text()).isEqualTo(200);
        assertThat(confirmed.body().at("/totp/status").asString()).isEqualTo("on");
        assertThat(page(SECURITY, owner.token()))
                .contains("data-page=\"security\"")
                .contains("data-totp=\"on\"");
        assertThat(storedSecret(owner.email()))
                .as("sealed at rest")
                .startsWith("v1:")
                .doesNotContain(secret);
        signOut(owner);

        // when the member signs in with the password: the code's step, no session yet
        var pending = passwordStep(owner.email());
        var form = http.get()
                .uri("/dashboard/login/code")
                .cookie("abk_sign_in", pending)
                .exchange();
        assertThat(form.expectStatus()
                        .isOk()
                        .expectBody(String.class)
                        .returnResult()
                        .getResponseBody())
                .contains("data-page=\"login-code\"")
                .contains("name=\"code\"")
                .contains("data-action=\"sign-in\"");

        // a wrong code is refused and counted as a failed sign-in
        var wrong = codeStep(pending, wrongCode(secret));
        wrong.expectStatus().isUnauthorized().expectHeader().doesNotExist(HttpHeaders.SET_COOKIE);
        assertThat(failedSignIns(owner.email())).isEqualTo(1);

        // the right code signs in, and the count starts again
        var rightCode = code(secret, confirmedStep + 1);
        var signedIn = codeStep(pending, rightCode);
        signedIn.expectStatus().isSeeOther().expectHeader().location("/dashboard/home");
        var session = signedIn.returnResult(String.class).getResponseCookies().getFirst("abk_session");
        assertThat(session).isNotNull();
        assertThat(page("/dashboard/home", session.getValue())).contains(owner.email());
        assertThat(failedSignIns(owner.email())).isZero();
        // the pending sign-in is used up
        codeStep(pending, code(secret, confirmedStep + 2)).expectStatus().isUnauthorized();

        // then the same code again, in a new sign-in, is refused: a code is accepted once
        var again = passwordStep(owner.email());
        codeStep(again, rightCode)
                .expectStatus()
                .isUnauthorized()
                .expectHeader()
                .doesNotExist(HttpHeaders.SET_COOKIE);
        assertThat(failedSignIns(owner.email())).isEqualTo(1);
    }

    @Test
    void shouldLockTheAccountAfterFiveWrongCodesWithTheSignInPageAnd429() {
        var owner = member(createMerchant("Totp Lock Ltd"), null);
        var secret = enrol(owner);
        api(owner, HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", code(secret, step())));
        var pending = passwordStep(owner.email());

        for (int attempt = 1; attempt < SignInService.FAILURES_BEFORE_LOCKOUT; attempt++) {
            codeStep(pending, wrongCode(secret)).expectStatus().isUnauthorized();
        }
        var locked = codeStep(pending, wrongCode(secret));

        locked.expectStatus().isEqualTo(429).expectHeader().exists(HttpHeaders.RETRY_AFTER);
        locked.expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML);
        assertThat(locked.expectBody(String.class).returnResult().getResponseBody())
                .contains("data-page=\"login\"")
                .contains("this account is locked for 15 minutes");
        // and the right password is locked out too, with the same page
        var password = signIn(owner.email(), PASSWORD);
        password.expectStatus().isEqualTo(429).expectHeader().exists(HttpHeaders.RETRY_AFTER);
        assertThat(password.expectBody(String.class).returnResult().getResponseBody())
                .contains("data-page=\"login\"");
    }

    @Test
    void shouldKeepAnUnenrolledMemberOnTheSecurityPageWhenTheTeamRequiresTwoFactors() {
        var merchantId = createMerchant("Totp Required Ltd");
        var owner = member(merchantId, null);
        var ownerSecret = enrol(owner);
        api(owner, HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", code(ownerSecret, step())));
        assertThat(page(SECURITY, owner.token())).contains("data-action=\"require-totp\"");
        assertThat(page(SECURITY + "/require", owner.token()))
                .contains("name=\"requireTotp\"")
                .contains("data-action=\"confirm\"");

        // given the owner requires two factors of the team
        var required = api(owner, HttpMethod.PATCH, "/v1/account", Map.of("requireTotp", true));
        assertThat(required.status()).as(required.text()).isEqualTo(200);
        assertThat(required.body().at("/account/requireTotp").asBoolean()).isTrue();
        // a viewer may not change it, and the owner's own factor cannot be turned off now
        assertThat(api(owner, HttpMethod.DELETE, "/v1/me/totp", Map.of("code", code(ownerSecret, step() + 1)))
                        .code())
                .isEqualTo("totp_required");

        // when a member without an authenticator signs in
        var email = addMember(merchantId, "viewer");
        var signedIn = signIn(email, PASSWORD);
        signedIn.expectStatus().isSeeOther().expectHeader().location(SECURITY);
        var cookie = signedIn.returnResult(String.class).getResponseCookies().getFirst("abk_session");
        assertThat(cookie).isNotNull();
        var token = cookie.getValue();

        // then every other page leads to the security page, and the API answers 403 totp_required
        pageAnswer("/dashboard/home", token)
                .expectStatus()
                .isSeeOther()
                .expectHeader()
                .location(SECURITY);
        pageAnswer("/dashboard/subscriptions", token)
                .expectStatus()
                .isSeeOther()
                .expectHeader()
                .location(SECURITY);
        var security = page(SECURITY, token);
        assertThat(security).contains("data-page=\"security\"").contains("data-totp-required");
        var viewer = new Session(merchantId, email, token, csrfOf(security));
        var refused = api(viewer, HttpMethod.GET, "/v1/subscriptions", null);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.code()).isEqualTo("totp_required");
        assertThat(api(viewer, HttpMethod.PATCH, "/v1/account", Map.of("requireTotp", false))
                        .code())
                .isEqualTo("totp_required");

        // and once enrolled the member uses the dashboard as before
        var secret = enrol(viewer);
        assertThat(page(SECURITY, token))
                .contains("data-totp=\"pending\"")
                .contains("<svg")
                .contains(secret);
        var confirmed = api(viewer, HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", code(secret, step())));
        assertThat(confirmed.status()).as(confirmed.text()).isEqualTo(200);
        assertThat(page("/dashboard/home", token)).contains("data-page=\"home\"");
        assertThat(api(viewer, HttpMethod.GET, "/v1/subscriptions", null).status())
                .isEqualTo(200);
        // a viewer may not lift the requirement: /v1/account stays the owner's
        assertThat(api(viewer, HttpMethod.PATCH, "/v1/account", Map.of("requireTotp", false))
                        .code())
                .isEqualTo("permission_denied");
    }

    @Test
    void shouldKeepTheEnrolmentsReplayableAnswerSealedAndReplayItWithTheSameSecret() throws SQLException {
        // Protects the secret at rest: an Idempotency-Key stores the answer, which shows the secret.
        var owner = member(createMerchant("Totp Replay Ltd"), null);
        var key = "totp-" + UUID.randomUUID();

        var first = apiWith(owner, HttpMethod.POST, "/v1/me/totp", null, owner.csrf(), key);
        var replay = apiWith(owner, HttpMethod.POST, "/v1/me/totp", null, owner.csrf(), key);

        assertThat(first.status()).as(first.text()).isEqualTo(200);
        var secret = first.body().at("/totp/secret").asString();
        assertThat(replay.body().at("/totp/secret").asString()).isEqualTo(secret);
        try (var connection = database().connect();
                var query = connection.prepareStatement("SELECT response_body FROM idempotency_keys WHERE key = ?")) {
            query.setString(1, key);
            try (var rows = query.executeQuery()) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).startsWith("v1:").doesNotContain(secret);
            }
        }
    }

    @Test
    void shouldRefuseAnApiKeyTheMembersFactorAndTheTeamsRequirement() {
        var team = newTeam("Totp Keys Ltd");
        var key = team.merchant().key("test");

        assertThat(call(HttpMethod.POST, "/v1/me/totp", key, null, null).code()).isEqualTo("permission_denied");
        assertThat(call(HttpMethod.PATCH, "/v1/account", key, Map.of("requireTotp", true), null)
                        .code())
                .isEqualTo("permission_denied");
        // a wrong code confirms nothing, and a second enrolment while one is on is a conflict
        var secret = enrol(team.viewer());
        var wrong = api(team.viewer(), HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", wrongCode(secret)));
        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.body().path("param").asString()).isEqualTo("code");
        assertThat(page(SECURITY, team.viewer().token())).contains("data-totp=\"pending\"");
        api(team.viewer(), HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", code(secret, step())));
        assertThat(api(team.viewer(), HttpMethod.POST, "/v1/me/totp", null).code())
                .isEqualTo("totp_already_enabled");
        // and turning it off takes a current code
        var off = api(team.viewer(), HttpMethod.DELETE, "/v1/me/totp", Map.of("code", code(secret, step() + 1)));
        assertThat(off.status()).as(off.text()).isEqualTo(200);
        assertThat(off.body().at("/totp/status").asString()).isEqualTo("off");
        assertThat(storedSecret(team.viewer().email())).isNull();
    }

    private void signOut(Session session) {
        http.post()
                .uri("/dashboard/logout")
                .cookie("abk_session", session.token())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("csrf", session.csrf()))
                .exchange()
                .expectStatus()
                .isSeeOther();
    }

    /** Adds a member without signing them in. */
    private String addMember(String merchantId, String role) {
        var email = "member-" + UUID.randomUUID() + "@example.com";
        admin(http.post()
                        .uri("/admin/v1/merchants/{id}/users", merchantId)
                        .bodyValue(Map.of("email", email, "password", PASSWORD, "role", role)))
                .exchange()
                .expectStatus()
                .isCreated();
        return email;
    }

    private static @Nullable String storedSecret(String email) {
        try {
            var value = column(email, "totp_secret");
            return value == null ? null : value.toString();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
