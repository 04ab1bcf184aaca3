package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;

/**
 * Signing in to the dashboard and out again: a session on the server behind an HttpOnly, SameSite cookie, a state
 * change refused without the session's CSRF token or from another site, a lockout after five failures in a row, and
 * a session that ends at sign-out, after 12 hours unused and 7 days after it began.
 */
class DashboardSignInIT extends GatewayIT {

    private static final String PASSWORD = "correct horse battery";

    @Test
    void shouldSignInWithAnHttpOnlySameSiteCookieAndShowTheHomePageOfTheMembersTeamInTestMode() {
        var member = newOwner("Home Ltd");

        var answer = signIn(member.email(), PASSWORD);

        answer.expectStatus().isSeeOther().expectHeader().location("/dashboard/home");
        var cookie = answer.returnResult(String.class).getResponseCookies().getFirst("abk_session");
        assertThat(cookie).isNotNull();
        assertThat(cookie.isHttpOnly()).isTrue();
        assertThat(cookie.isSecure()).as("the public URL is https").isTrue();
        assertThat(cookie.getSameSite()).isEqualTo("Lax");
        assertThat(cookie.getPath()).isEqualTo("/dashboard");
        assertThat(cookie.getMaxAge()).isEqualTo(Duration.ofDays(7));
        var home = page("/dashboard/home", cookie.getValue());
        assertThat(home)
                .contains("data-page=\"home\"")
                .contains("<body data-mode=\"test\">")
                .contains("data-test-banner")
                .contains("Home Ltd")
                .contains(member.email());
        // the sign-in page of a signed-in member leads home
        http.get()
                .uri("/dashboard/login")
                .cookie("abk_session", cookie.getValue())
                .exchange()
                .expectStatus()
                .isSeeOther()
                .expectHeader()
                .location("/dashboard/home");
    }

    @Test
    void shouldAnswerTheSamePageWithoutACookieWhenTheEmailIsUnknownOrThePasswordWrong() {
        var member = newOwner("Wrong Ltd");

        for (var attempt : Map.of("nobody-" + UUID.randomUUID() + "@example.com", PASSWORD, member.email(), "wrong")
                .entrySet()) {
            var answer = signIn(attempt.getKey(), attempt.getValue());
            answer.expectStatus().isUnauthorized().expectHeader().doesNotExist(HttpHeaders.SET_COOKIE);
            assertThat(answer.expectBody(String.class).returnResult().getResponseBody())
                    .contains("data-page=\"login\"")
                    .contains("That email and password do not match an account.")
                    .doesNotContain(attempt.getValue().equals("wrong") ? "value=\"wrong\"" : PASSWORD);
        }
    }

    @Test
    void shouldSendAPageRequestWithoutALiveSessionToTheSignInPage() {
        for (var cookie : new String[] {null, "", "not-a-session-token"}) {
            var request = http.get().uri("/dashboard/home");
            if (cookie != null) {
                request = request.cookie("abk_session", cookie);
            }
            request.exchange().expectStatus().isSeeOther().expectHeader().location("/dashboard/login");
        }
        assertThat(http.get()
                        .uri("/dashboard/login")
                        .exchange()
                        .expectStatus()
                        .isOk()
                        .expectHeader()
                        .valueMatches(
                                "Content-Security-Policy", "default-src 'none'; style-src 'self' 'sha256-[^']+';.*")
                        .expectBody(String.class)
                        .returnResult()
                        .getResponseBody())
                .contains("name=\"email\"")
                .contains("name=\"password\"");
    }

    @Test
    void shouldRefuseToSignOutWithoutTheCsrfTokenAndEndTheSessionEverywhereWithIt() {
        var member = newOwner("Out Ltd");
        var token = sessionToken(member.email());
        var csrf = csrfOf(page("/dashboard/home", token));

        // a sign-out without the token, with another session's token, or posted from another site changes nothing
        signOut(token, null).expectStatus().isForbidden();
        signOut(token, csrfOf(page("/dashboard/home", sessionToken(member.email()))))
                .expectStatus()
                .isForbidden();
        http.post()
                .uri("/dashboard/logout")
                .cookie("abk_session", token)
                .header(HttpHeaders.ORIGIN, "https://evil.example")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("csrf", csrf))
                .exchange()
                .expectStatus()
                .isForbidden();
        assertThat(page("/dashboard/home", token)).contains("data-page=\"home\"");

        // with it, the session ends and the cookie is dropped
        var out = signOut(token, csrf);
        out.expectStatus().isSeeOther().expectHeader().location("/dashboard/login");
        assertThat(out.returnResult(String.class).getResponseCookies().getFirst("abk_session"))
                .extracting(ResponseCookie::getMaxAge)
                .isEqualTo(Duration.ZERO);
        // and the same cookie, sent again (another tab, a copy), signs no one in
        http.get()
                .uri("/dashboard/home")
                .cookie("abk_session", token)
                .exchange()
                .expectStatus()
                .isSeeOther()
                .expectHeader()
                .location("/dashboard/login");
    }

    @Test
    void shouldLockTheAccountAfterFiveFailedSignInsInARowWhateverThePasswordThen() {
        var member = newOwner("Lock Ltd");
        for (int failure = 1; failure <= 4; failure++) {
            signIn(member.email(), "wrong " + failure).expectStatus().isUnauthorized();
        }

        signIn(member.email(), "wrong 5").expectStatus().isEqualTo(429);

        var locked = signIn(member.email(), PASSWORD);
        locked.expectStatus().isEqualTo(429).expectHeader().exists(HttpHeaders.RETRY_AFTER);
        locked.expectHeader().doesNotExist(HttpHeaders.SET_COOKIE);
        assertThat(locked.expectBody(String.class).returnResult().getResponseBody())
                .contains("this account is locked for 15 minutes");
        // another member of the team is not locked
        var other = addMember(member.merchantId(), "viewer");
        signIn(other, PASSWORD).expectStatus().isSeeOther();
    }

    @Test
    void shouldEndASessionTwelveHoursUnusedOrSevenDaysAfterItBegan() throws SQLException {
        var member = newOwner("Expiry Ltd");
        var idle = sessionToken(member.email());
        var old = sessionToken(member.email());
        var fresh = sessionToken(member.email());

        age(idle, "last_seen_at", Duration.ofHours(12).plusMinutes(1));
        age(old, "created_at", Duration.ofDays(7).plusMinutes(1));
        age(fresh, "last_seen_at", Duration.ofHours(11));

        for (var ended : new String[] {idle, old}) {
            http.get()
                    .uri("/dashboard/home")
                    .cookie("abk_session", ended)
                    .exchange()
                    .expectStatus()
                    .isSeeOther();
        }
        assertThat(page("/dashboard/home", fresh)).contains("data-page=\"home\"");
    }

    private record Member(String merchantId, String email) {}

    private Member newOwner(String merchantName) {
        var merchantId = createMerchant(merchantName);
        return new Member(merchantId, addMember(merchantId, null));
    }

    private String addMember(String merchantId, String role) {
        var email = "member-" + UUID.randomUUID() + "@example.com";
        var body = new java.util.HashMap<String, Object>(Map.of("email", email, "password", PASSWORD));
        if (role != null) {
            body.put("role", role);
        }
        admin(http.post().uri("/admin/v1/merchants/{id}/users", merchantId).bodyValue(body))
                .exchange()
                .expectStatus()
                .isCreated();
        return email;
    }

    private WebTestClient.ResponseSpec signIn(String email, String password) {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("email", email);
        form.add("password", password);
        return http.post()
                .uri("/dashboard/login")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(form))
                .exchange();
    }

    private String sessionToken(String email) {
        var cookie = signIn(email, PASSWORD)
                .returnResult(String.class)
                .getResponseCookies()
                .getFirst("abk_session");
        assertThat(cookie).isNotNull();
        return cookie.getValue();
    }

    private WebTestClient.ResponseSpec signOut(String token, String csrf) {
        var request = http.post().uri("/dashboard/logout").cookie("abk_session", token);
        if (csrf == null) {
            return request.exchange();
        }
        return request.contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("csrf", csrf))
                .exchange();
    }

    private String page(String path, String token) {
        return http.get()
                .uri(path)
                .cookie("abk_session", token)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
    }

    private static String csrfOf(String page) {
        var matcher = java.util.regex.Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"")
                .matcher(page);
        assertThat(matcher.find()).as(page).isTrue();
        return matcher.group(1);
    }

    /** Moves a session's {@code column} back by {@code by}, as if that much time had passed. */
    private static void age(String token, String column, Duration by) throws SQLException {
        try (var connection = database().connect();
                var update = connection.prepareStatement("UPDATE dashboard_sessions SET " + column + " = " + column
                        + " - make_interval(secs => ?) WHERE token_hash = sha256(convert_to(?, 'UTF8'))")) {
            update.setLong(1, by.toSeconds());
            update.setString(2, token);
            assertThat(update.executeUpdate()).isOne();
        }
    }
}
