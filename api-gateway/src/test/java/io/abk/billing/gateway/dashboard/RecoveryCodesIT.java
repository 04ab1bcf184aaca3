package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * A member's recovery codes: ten come with confirming two-factor sign-in (sealed in the idempotency table like other
 * secrets), each signs in once on {@code /dashboard/login/code} instead of an authenticator's code (a used or unknown
 * one is a failed sign-in), of two sign-ins at once with one code one passes, and a new set voids the old one. The
 * team shows who has two-factor sign-in on.
 */
class RecoveryCodesIT extends TotpIT {

    private static final String SECURITY = "/dashboard/settings/security";
    private static final String CODE_SHAPE = "[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}";

    @Test
    void shouldSignInOnceWithEachRecoveryCodeAndCountAUsedOrUnknownOneAsAFailure() throws SQLException {
        var owner = member(createMerchant("Recovery Ltd"), null);
        var secret = enrol(owner);
        var key = "totp-confirm-" + UUID.randomUUID();

        // given two-factor sign-in confirmed: the answer carries ten codes, stored only as hashes and sealed for replay
        var confirmed = apiWith(
                owner, HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", code(secret, step())), owner.csrf(), key);
        assertThat(confirmed.status()).as(confirmed.text()).isEqualTo(200);
        assertThat(confirmed.body().at("/totp/status").asString()).isEqualTo("on");
        var codes = codes(confirmed.body());
        assertThat(codes).hasSize(10).doesNotHaveDuplicates().allMatch(code -> code.matches(CODE_SHAPE));
        assertThat(database()
                        .count(
                                "SELECT count(*) FROM merchant_user_recovery_codes r JOIN merchant_users u"
                                        + " ON u.id = r.user_id WHERE u.email = ? AND r.used_at IS NULL",
                                owner.email()))
                .isEqualTo(10);
        var replay = apiWith(
                owner, HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", code(secret, step())), owner.csrf(), key);
        assertThat(codes(replay.body())).isEqualTo(codes);
        assertThat(database()
                        .count(
                                "SELECT count(*) FROM idempotency_keys WHERE key = ? AND response_body LIKE 'v1:%'"
                                        + " AND response_body NOT LIKE ?",
                                key, "%" + codes.getFirst() + "%"))
                .as("the stored answer is sealed")
                .isEqualTo(1);
        assertThat(page(SECURITY, owner.token()))
                .contains("data-recovery-codes-left=\"10\"")
                .contains("data-api-path=\"/v1/me/totp/recovery_codes\"")
                .contains("data-action=\"regenerate-recovery-codes\"");

        // when the member signs in with a recovery code instead of the authenticator's (typed in capitals)
        var pending = passwordStep(owner.email());
        assertThat(http.get()
                        .uri("/dashboard/login/code")
                        .cookie("abk_sign_in", pending)
                        .exchange()
                        .expectBody(String.class)
                        .returnResult()
                        .getResponseBody())
                .contains("Use a recovery code")
                .contains("data-action=\"sign-in-recovery\"");
        var signedIn = codeStep(pending, codes.get(3).toUpperCase(java.util.Locale.ROOT));

        // then a session opens, the use is audited, and nine codes are left
        signedIn.expectStatus().isSeeOther().expectHeader().location("/dashboard/home");
        var session = signedIn.returnResult(String.class).getResponseCookies().getFirst("abk_session");
        assertThat(session).isNotNull();
        assertThat(page(SECURITY, session.getValue())).contains("data-recovery-codes-left=\"9\"");
        assertThat(audited(owner.email(), "user.recovery_code_used")).isEqualTo(1);

        // and the same code never signs in again: a failed sign-in, as an unknown code is
        codeStep(passwordStep(owner.email()), codes.get(3))
                .expectStatus()
                .isUnauthorized()
                .expectHeader()
                .doesNotExist(HttpHeaders.SET_COOKIE);
        assertThat(failedSignIns(owner.email())).isEqualTo(1);
        codeStep(passwordStep(owner.email()), "zzzz-zzzz-zzzz").expectStatus().isUnauthorized();
        assertThat(failedSignIns(owner.email())).isEqualTo(2);
        assertThat(audited(owner.email(), "user.recovery_code_used")).isEqualTo(1);
    }

    @Test
    void shouldLetExactlyOneOfTwoConcurrentSignInsWithOneRecoveryCodePass() throws Exception {
        // Protects against checking a code and marking it used in two steps, which two requests could interleave.
        var owner = member(createMerchant("Recovery Race Ltd"), null);
        var secret = enrol(owner);
        var codes = codes(api(owner, HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", code(secret, step())))
                .body());

        var pool = Executors.newFixedThreadPool(2);
        try {
            for (var round = 0; round < 3; round++) {
                var code = codes.get(round);
                var pendings = List.of(passwordStep(owner.email()), passwordStep(owner.email()));
                var barrier = new CyclicBarrier(2);
                var answers = new ArrayList<CompletableFuture<Integer>>();
                for (var pending : pendings) {
                    answers.add(CompletableFuture.supplyAsync(
                            () -> {
                                await(barrier);
                                return codeStep(pending, code)
                                        .returnResult(String.class)
                                        .getStatus()
                                        .value();
                            },
                            pool));
                }
                var statuses = answers.stream().map(CompletableFuture::join).toList();

                assertThat(statuses).as("round " + round).containsExactlyInAnyOrder(303, 401);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(audited(owner.email(), "user.recovery_code_used")).isEqualTo(3);
    }

    @Test
    void shouldVoidTheOldCodesWhenNewOnesAreMadeWithACurrentCode() throws SQLException {
        var team = newTeam("Recovery Regenerate Ltd");
        var owner = team.owner();
        var secret = enrol(owner);
        var confirmedStep = step();
        var old = codes(api(owner, HttpMethod.POST, "/v1/me/totp/confirm", Map.of("code", code(secret, confirmedStep)))
                .body());

        // refused: a wrong code, an API key, a member without a second factor; nothing changes
        var wrong = api(owner, HttpMethod.POST, "/v1/me/totp/recovery_codes", Map.of("code", wrongCode(secret)));
        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.body().path("param").asString()).isEqualTo("code");
        assertThat(call(
                                HttpMethod.POST,
                                "/v1/me/totp/recovery_codes",
                                team.merchant().key("test"),
                                Map.of("code", "123456"),
                                null)
                        .code())
                .isEqualTo("permission_denied");
        assertThat(api(team.viewer(), HttpMethod.POST, "/v1/me/totp/recovery_codes", Map.of("code", "123456"))
                        .code())
                .isEqualTo("totp_not_enabled");
        assertThat(audited(owner.email(), "user.recovery_codes_regenerated")).isZero();

        // when the owner makes new codes with a current code
        var key = "recovery-" + UUID.randomUUID();
        var made = apiWith(
                owner,
                HttpMethod.POST,
                "/v1/me/totp/recovery_codes",
                Map.of("code", code(secret, confirmedStep + 1)),
                owner.csrf(),
                key);

        // then ten new ones, the answer sealed at rest, the change audited
        assertThat(made.status()).as(made.text()).isEqualTo(200);
        var fresh = codes(made.body());
        assertThat(fresh).hasSize(10).doesNotContainAnyElementsOf(old);
        assertThat(database()
                        .count(
                                "SELECT count(*) FROM idempotency_keys WHERE key = ? AND response_body LIKE 'v1:%'",
                                key))
                .isEqualTo(1);
        assertThat(audited(owner.email(), "user.recovery_codes_regenerated")).isEqualTo(1);
        // and an old code signs in no more, a new one does
        codeStep(passwordStep(owner.email()), old.getFirst()).expectStatus().isUnauthorized();
        codeStep(passwordStep(owner.email()), fresh.getFirst())
                .expectStatus()
                .isSeeOther()
                .expectHeader()
                .location("/dashboard/home");

        // the team shows who signs in with two factors
        var members = api(owner, HttpMethod.GET, "/v1/team/members", null);
        assertThat(members.status()).as(members.text()).isEqualTo(200);
        var totpByEmail = new java.util.HashMap<String, Boolean>();
        members.body()
                .path("members")
                .forEach(member -> totpByEmail.put(
                        member.path("email").asString(),
                        member.path("totpEnabled").asBoolean()));
        assertThat(totpByEmail)
                .containsEntry(owner.email(), true)
                .containsEntry(team.viewer().email(), false);
        var teamPage = page("/dashboard/settings/team", owner.token());
        assertThat(teamPage)
                .contains("<th scope=\"col\">Two-factor</th>")
                .containsPattern(java.util.regex.Pattern.quote(owner.email()) + ".*?data-totp-enabled=\"true\"")
                .containsPattern(
                        java.util.regex.Pattern.quote(team.viewer().email()) + ".*?data-totp-enabled=\"false\"");
    }

    private static List<String> codes(JsonNode answer) {
        var codes = new ArrayList<String>();
        answer.path("recoveryCodes").forEach(code -> codes.add(code.asString()));
        return codes;
    }

    private static long audited(String email, String action) {
        return database()
                .count(
                        "SELECT count(*) FROM audit_log a JOIN merchant_users u ON u.id = a.actor"
                                + " WHERE u.email = ? AND a.action = ?",
                        email,
                        action);
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
