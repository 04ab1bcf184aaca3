package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;

/**
 * What the dashboard's tests share: a team's members made through the operator API, their sessions, the pages they
 * see, and their calls of the merchant API through {@code /dashboard/api}. Adds methods only, so its subclasses share
 * the one context of {@link PaymentsIT}.
 */
abstract class DashboardIT extends PaymentsIT {

    static final String PASSWORD = "correct horse battery";
    private static final Pattern CSRF = Pattern.compile("<meta name=\"csrf-token\" content=\"([^\"]+)\">");

    /** A signed-in member: their team, email, session token and the session's CSRF token. */
    record Session(String merchantId, String email, String token, String csrf) {}

    /** A merchant with a key in each mode, and its owner and a viewer signed in. */
    record Team(TestMerchant merchant, Session owner, Session viewer) {}

    Team newTeam(String name) {
        var merchantId = createMerchant(name);
        var merchant = new TestMerchant(
                merchantId,
                createKey(merchantId, "test").get("secret").stringValue(),
                createKey(merchantId, "live").get("secret").stringValue());
        return new Team(merchant, member(merchantId, null), member(merchantId, "viewer"));
    }

    /** Adds a member with {@code role} (null: the team's first, its owner) to the team and signs them in. */
    Session member(String merchantId, @Nullable String role) {
        var email = "member-" + UUID.randomUUID() + "@example.com";
        var body = new HashMap<String, Object>(Map.of("email", email, "password", PASSWORD));
        if (role != null) {
            body.put("role", role);
        }
        admin(http.post().uri("/admin/v1/merchants/{id}/users", merchantId).bodyValue(body))
                .exchange()
                .expectStatus()
                .isCreated();
        var token = sessionToken(email);
        return new Session(merchantId, email, token, csrfOf(page("/dashboard/home", token)));
    }

    WebTestClient.ResponseSpec signIn(String email, String password) {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("email", email);
        form.add("password", password);
        return http.post()
                .uri("/dashboard/login")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(form))
                .exchange();
    }

    String sessionToken(String email) {
        var cookie = signIn(email, PASSWORD)
                .returnResult(String.class)
                .getResponseCookies()
                .getFirst("abk_session");
        assertThat(cookie).isNotNull();
        return cookie.getValue();
    }

    /** The page at {@code path} as the session's member sees it, which must answer 200. */
    String page(String path, String token) {
        var shown = answer(path, token);
        assertThat(shown.status()).as(path + ": " + shown.body()).isEqualTo(200);
        return shown.body();
    }

    /** A page's status and text, whatever the status. */
    record Answer(int status, String body) {}

    Answer answer(String path, String token) {
        var result = pageAnswer(path, token).expectBody(String.class).returnResult();
        return new Answer(result.getStatus().value(), String.valueOf(result.getResponseBody()));
    }

    WebTestClient.ResponseSpec pageAnswer(String path, String token) {
        return http.get().uri(path).cookie("abk_session", token).exchange();
    }

    /** The member's call of the merchant API through the dashboard, with the session's CSRF token. */
    Reply api(Session session, HttpMethod method, String v1Path, @Nullable Object body) {
        return apiWith(session, method, v1Path, body, session.csrf(), null);
    }

    /** The call with {@code csrf} (none when null) and an Idempotency-Key (none when null). */
    Reply apiWith(
            Session session,
            HttpMethod method,
            String v1Path,
            @Nullable Object body,
            @Nullable String csrf,
            @Nullable String idempotencyKey) {
        var request = http.method(method).uri("/dashboard/api" + v1Path).cookie("abk_session", session.token());
        if (csrf != null) {
            request = request.header(DashboardSessionFilter.CSRF_HEADER, csrf);
        }
        if (idempotencyKey != null) {
            request = request.header("Idempotency-Key", idempotencyKey);
        }
        return exchange(request, body);
    }

    /** The test/live switch, sent as the session's member. */
    WebTestClient.ResponseSpec switchMode(Session session, String mode, String back) {
        return http.post()
                .uri("/dashboard/mode")
                .cookie("abk_session", session.token())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("csrf", session.csrf())
                        .with("mode", mode)
                        .with("back", back))
                .exchange();
    }

    static String csrfOf(String page) {
        var matcher = CSRF.matcher(page);
        assertThat(matcher.find()).as(page).isTrue();
        return matcher.group(1);
    }
}
