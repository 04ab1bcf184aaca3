package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * The team's API keys in the dashboard: a developer creates, rotates and revokes them (each new key shown once) and
 * the API serves or refuses them at once; a viewer only sees the list; an API key may not manage keys; another team's
 * or the other mode's key is missing.
 */
class ApiKeyPagesIT extends DashboardIT {

    private static final String LIST = "/dashboard/developers/api-keys";

    /** A merchant whose owner, developer and viewer are signed in. */
    private record KeyTeam(String merchantId, Session owner, Session developer, Session viewer) {}

    @Test
    void shouldLetADeveloperCreateRotateAndRevokeAKeyWhichTheApiThenServesOrRefusesAtOnce() {
        var team = keyTeam("Keys Ltd");
        assertThat(page(LIST, team.developer().token()))
                .contains("data-page=\"api-keys\"")
                .contains("href=\"/dashboard/developers/api-keys/new\" data-action=\"create\"")
                .contains("data-empty");
        assertThat(page("/dashboard/developers", team.viewer().token())).contains("href=\"" + LIST + "\"");
        assertThat(page(LIST + "/new", team.developer().token()))
                .contains("data-api-path=\"/v1/api_keys\"")
                .contains("data-show-secret=\"secret\"")
                .contains("The new API key")
                .contains("data-action=\"confirm\"");

        // when the developer creates a key (as the create page's script does, with an Idempotency-Key)
        var idempotencyKey = "dash_" + UUID.randomUUID();
        var created = apiWith(
                team.developer(),
                HttpMethod.POST,
                "/v1/api_keys",
                Map.of(),
                team.developer().csrf(),
                idempotencyKey);

        // then it is a test key, shown once, that the API serves
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var secret = created.body().path("secret").asString();
        var keyId = created.body().path("apiKey").path("id").asString();
        assertThat(secret).startsWith("abk_test_");
        assertThat(created.body().path("apiKey").path("mode").asString()).isEqualTo("test");
        assertThat(call(HttpMethod.GET, "/v1/subscriptions", secret, null, null).status())
                .isEqualTo(200);
        // a replay of the answer must not keep the new key readable in the idempotency table
        assertThat(database()
                        .count(
                                "SELECT count(*) FROM idempotency_keys WHERE key = ? AND state = 'done'"
                                        + " AND response_body NOT LIKE ?",
                                idempotencyKey,
                                "%" + secret + "%"))
                .isEqualTo(1);
        assertThat(audited(team.developer(), "api_key.created", keyId)).isEqualTo(1);

        // and the list shows it (its hint, never the key) to a viewer, without actions
        var listed = api(team.viewer(), HttpMethod.GET, "/v1/api_keys", null);
        assertThat(listed.status()).as(listed.text()).isEqualTo(200);
        assertThat(ids(listed.body())).containsExactly(keyId);
        assertThat(listed.text())
                .doesNotContain(secret)
                .doesNotContain("keyHash")
                .doesNotContain("\"secret\"");
        var asViewer = page(LIST, team.viewer().token());
        assertThat(asViewer)
                .contains("data-id=\"" + keyId + "\"")
                .contains(secret.substring(secret.length() - 4))
                .doesNotContain(secret)
                .doesNotContain("data-action=\"create\"")
                .doesNotContain("data-action=\"rotate-secret\"")
                .doesNotContain("data-action=\"revoke\"");
        assertThat(page(LIST, team.developer().token()))
                .contains("href=\"/dashboard/api-keys/" + keyId + "/rotate-secret\" data-action=\"rotate-secret\"")
                .contains("href=\"/dashboard/api-keys/" + keyId + "/revoke\" data-action=\"revoke\"");
        assertThat(page(
                        "/dashboard/api-keys/" + keyId + "/rotate-secret",
                        team.developer().token()))
                .contains("data-api-path=\"/v1/api_keys/" + keyId + "/rotate\"")
                .contains("name=\"graceSeconds\"")
                .contains("data-show-secret=\"secret\"")
                .contains("data-next=\"" + LIST + "?done=rotate-secret\"");

        // when the developer rotates it without grace
        var rotated =
                api(team.developer(), HttpMethod.POST, "/v1/api_keys/" + keyId + "/rotate", Map.of("graceSeconds", 0));

        // then the old key is refused and the new one served
        assertThat(rotated.status()).as(rotated.text()).isEqualTo(201);
        var newSecret = rotated.body().path("secret").asString();
        var newId = rotated.body().path("apiKey").path("id").asString();
        assertThat(newSecret).startsWith("abk_test_").isNotEqualTo(secret);
        assertThat(rotated.body().path("apiKey").path("rotatedFromId").asString())
                .isEqualTo(keyId);
        assertThat(call(HttpMethod.GET, "/v1/subscriptions", secret, null, null).status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/v1/subscriptions", newSecret, null, null)
                        .status())
                .isEqualTo(200);
        assertThat(audited(team.developer(), "api_key.rotated", keyId)).isEqualTo(1);

        // when the developer revokes the new key, then the API refuses it at once
        assertThat(page(
                        "/dashboard/api-keys/" + newId + "/revoke",
                        team.developer().token()))
                .contains("data-api-path=\"/v1/api_keys/" + newId + "/revoke\"")
                .contains("data-next=\"" + LIST + "?done=revoke\"");
        var revoked = api(team.developer(), HttpMethod.POST, "/v1/api_keys/" + newId + "/revoke", Map.of());
        assertThat(revoked.status()).as(revoked.text()).isEqualTo(200);
        assertThat(revoked.body().path("apiKey").path("status").asString()).isEqualTo("revoked");
        var refused = call(HttpMethod.GET, "/v1/subscriptions", newSecret, null, null);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.code()).isEqualTo("authentication_error");
        assertThat(audited(team.developer(), "api_key.revoked", newId)).isEqualTo(1);
        // and the list shows both newest first, neither one offered an action any more
        var after = page(LIST + "?done=revoke", team.developer().token());
        assertThat(after).contains("data-done").doesNotContain("data-action=\"rotate-secret\"");
        assertThat(after.indexOf("data-id=\"" + newId + "\""))
                .isPositive()
                .isLessThan(after.indexOf("data-id=\"" + keyId + "\""));
    }

    @Test
    void shouldRefuseAViewerAnApiKeyAndABadGraceAnyChange() {
        var team = keyTeam("Guarded Ltd");
        var operatorKey = createKey(team.merchantId(), "test");
        var keyId = operatorKey.path("apiKey").path("id").asString();
        var secret = operatorKey.path("secret").asString();

        // a viewer may read but neither create nor rotate, nor open the pages that would
        var viewerCreates = api(team.viewer(), HttpMethod.POST, "/v1/api_keys", Map.of());
        assertThat(viewerCreates.status()).as(viewerCreates.text()).isEqualTo(403);
        assertThat(viewerCreates.code()).isEqualTo("permission_denied");
        var viewerRotates = api(team.viewer(), HttpMethod.POST, "/v1/api_keys/" + keyId + "/rotate", Map.of());
        assertThat(viewerRotates.status()).isEqualTo(403);
        for (var path : List.of(LIST + "/new", "/dashboard/api-keys/" + keyId + "/rotate-secret")) {
            assertThat(answer(path, team.viewer().token()).body()).contains("you are a viewer");
            assertThat(answer(path, team.viewer().token()).status()).isEqualTo(403);
        }

        // an API key may not list, mint, rotate or revoke keys: a leaked key must not make more
        for (var refused : List.of(
                call(HttpMethod.GET, "/v1/api_keys", secret, null, null),
                call(HttpMethod.POST, "/v1/api_keys", secret, Map.of(), null),
                call(HttpMethod.POST, "/v1/api_keys/" + keyId + "/rotate", secret, Map.of(), null),
                call(HttpMethod.POST, "/v1/api_keys/" + keyId + "/revoke", secret, Map.of(), null))) {
            assertThat(refused.status()).as(refused.text()).isEqualTo(403);
            assertThat(refused.code()).isEqualTo("permission_denied");
            assertThat(refused.text()).contains("API keys are managed in the dashboard");
        }

        // a grace out of range is a 400
        var tooLong =
                api(team.developer(), HttpMethod.POST, "/v1/api_keys/" + keyId + "/rotate", Map.of("graceSeconds", -1));
        assertThat(tooLong.status()).as(tooLong.text()).isEqualTo(400);

        // and none of it changed anything: the one key is active and served
        var listed = api(team.developer(), HttpMethod.GET, "/v1/api_keys", null);
        assertThat(ids(listed.body())).containsExactly(keyId);
        assertThat(listed.body().path("apiKeys").get(0).path("status").asString())
                .isEqualTo("active");
        assertThat(call(HttpMethod.GET, "/v1/subscriptions", secret, null, null).status())
                .isEqualTo(200);
    }

    @Test
    void shouldAnswerAnotherTeamsKeyAndTheOtherModesKeyAsMissing() {
        var team = keyTeam("Tenant A Ltd");
        var other = keyTeam("Tenant B Ltd");
        var keyOfA =
                createKey(team.merchantId(), "test").path("apiKey").path("id").asString();
        var liveOfA = createKey(team.merchantId(), "live");
        var liveId = liveOfA.path("apiKey").path("id").asString();

        // a developer of B can neither rotate nor revoke A's key, nor open its pages
        for (var action : List.of("/rotate", "/revoke")) {
            var refused = api(other.developer(), HttpMethod.POST, "/v1/api_keys/" + keyOfA + action, Map.of());
            assertThat(refused.status()).as(refused.text()).isEqualTo(404);
            assertThat(refused.code()).isEqualTo("resource_missing");
        }
        assertThat(answer(
                                "/dashboard/api-keys/" + keyOfA + "/rotate-secret",
                                other.developer().token())
                        .status())
                .isEqualTo(404);
        assertThat(page(LIST, other.developer().token())).doesNotContain(keyOfA);

        // A's test session does not list or change A's live key
        assertThat(ids(api(team.developer(), HttpMethod.GET, "/v1/api_keys", null)
                        .body()))
                .containsExactly(keyOfA);
        assertThat(page(LIST, team.developer().token())).doesNotContain(liveId);
        assertThat(api(team.developer(), HttpMethod.POST, "/v1/api_keys/" + liveId + "/revoke", Map.of())
                        .status())
                .isEqualTo(404);
        assertThat(call(
                                HttpMethod.GET,
                                "/v1/subscriptions",
                                liveOfA.path("secret").asString(),
                                null,
                                null)
                        .status())
                .as("the live key is still served")
                .isEqualTo(200);

        // and in live mode, a key made in the dashboard is a live key, listed with the live one only
        switchMode(team.developer(), "live", "developers").expectStatus().isSeeOther();
        var created = api(team.developer(), HttpMethod.POST, "/v1/api_keys", Map.of());
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.body().path("secret").asString()).startsWith("abk_live_");
        assertThat(page(LIST, team.developer().token()))
                .contains("data-id=\"" + liveId + "\"")
                .doesNotContain(keyOfA);
    }

    private KeyTeam keyTeam(String name) {
        var merchantId = createMerchant(name);
        return new KeyTeam(
                merchantId, member(merchantId, null), member(merchantId, "developer"), member(merchantId, "viewer"));
    }

    /** How many audit entries of {@code action} on {@code targetId} name the member as who acted. */
    private long audited(Session member, String action, String targetId) {
        return database()
                .count(
                        "SELECT count(*) FROM audit_log a JOIN merchant_users u ON u.id = a.actor"
                                + " WHERE u.email = ? AND a.action = ? AND a.target_id = ?",
                        member.email(),
                        action,
                        targetId);
    }

    private static List<String> ids(JsonNode list) {
        return StreamSupport.stream(list.path("apiKeys").spliterator(), false)
                .map(key -> key.path("id").asString())
                .toList();
    }
}
