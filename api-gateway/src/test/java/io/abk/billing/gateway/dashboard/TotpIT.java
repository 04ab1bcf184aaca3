package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.samstevens.totp.code.DefaultCodeGenerator;
import dev.samstevens.totp.exceptions.CodeGenerationException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.BodyInserters;

/**
 * The steps of two-factor sign-in as the tests take them (an enrolment, the password's step, the code's step) and an
 * authenticator's codes, computed with the library's generator (SHA-1, six digits, 30-second steps).
 */
abstract class TotpIT extends DashboardIT {

    /** Starts the member's enrolment and returns its secret, checked against its otpauth URI. */
    String enrol(Session session) {
        var started = api(session, HttpMethod.POST, "/v1/me/totp", null);
        assertThat(started.status()).as(started.text()).isEqualTo(200);
        var secret = started.body().at("/totp/secret").asString();
        assertThat(started.body().at("/totp/otpauthUri").asString())
                .startsWith("otpauth://totp/")
                .contains("secret=" + secret);
        return secret;
    }

    /** The password's step of a sign-in: the pending sign-in's cookie, no session. */
    String passwordStep(String email) {
        var answer = signIn(email, PASSWORD);
        answer.expectStatus().isSeeOther().expectHeader().location("/dashboard/login/code");
        var cookies = answer.returnResult(String.class).getResponseCookies();
        assertThat(cookies.getFirst("abk_session")).isNull();
        var pending = cookies.getFirst("abk_sign_in");
        assertThat(pending).isNotNull();
        assertThat(pending.isHttpOnly()).isTrue();
        assertThat(pending.getPath()).isEqualTo("/dashboard/login/code");
        return pending.getValue();
    }

    WebTestClient.ResponseSpec codeStep(String pending, String code) {
        return http.post()
                .uri("/dashboard/login/code")
                .cookie("abk_sign_in", pending)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("code", code))
                .exchange();
    }

    static int failedSignIns(String email) throws SQLException {
        return Integer.parseInt(String.valueOf(column(email, "failed_sign_ins")));
    }

    static @Nullable Object column(String email, String column) throws SQLException {
        try (var connection = database().connect();
                var query = connection.prepareStatement("SELECT " + column + " FROM merchant_users WHERE email = ?")) {
            query.setString(1, email);
            try (var rows = query.executeQuery()) {
                assertThat(rows.next()).isTrue();
                return rows.getObject(1);
            }
        }
    }

    /** The 30-second time step of now. */
    static long step() {
        return Math.floorDiv(Instant.now().getEpochSecond(), 30);
    }

    static String code(String secret, long step) {
        try {
            return new DefaultCodeGenerator().generate(secret, step);
        } catch (CodeGenerationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Six digits that are the secret's code at no step near now. */
    static String wrongCode(String secret) {
        var near = new HashSet<String>();
        var now = step();
        for (long step = now - 2; step <= now + 3; step++) {
            near.add(code(secret, step));
        }
        return List.of("000000", "111111", "222222", "333333", "444444", "555555", "666666", "777777").stream()
                .filter(candidate -> !near.contains(candidate))
                .findFirst()
                .orElseThrow();
    }
}
