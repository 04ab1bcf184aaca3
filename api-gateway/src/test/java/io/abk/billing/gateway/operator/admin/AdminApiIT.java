package io.abk.billing.gateway.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import tools.jackson.databind.JsonNode;

/** The operator API end to end: merchants, keys in both modes, rotation, revocation, and the audit trail. */
class AdminApiIT extends GatewayIT {

    private static final String PAYOUT = "0x00000000000000000000000000000000000000aB";

    @Test
    void shouldCreateReadAndPatchMerchantWhenAdminCalls() {
        var created = admin(http.post()
                        .uri("/admin/v1/merchants")
                        .bodyValue(Map.of("name", "Acme", "displayName", "Acme Inc.", "payoutAddressEvm", PAYOUT)))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("merchant");
        var id = created.get("id").stringValue();
        assertThat(id).startsWith("mer_");
        assertThat(created.get("payoutAddressEvm").stringValue()).isEqualTo(PAYOUT);

        var read = admin(http.get().uri("/admin/v1/merchants/{id}", id))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("merchant");
        assertThat(read).isEqualTo(created);

        var patch = new HashMap<String, Object>();
        patch.put("displayName", null);
        patch.put("name", "Acme Two");
        var patched = admin(http.patch().uri("/admin/v1/merchants/{id}", id).bodyValue(patch))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("merchant");
        assertThat(patched.get("name").stringValue()).isEqualTo("Acme Two");
        assertThat(patched.get("displayName").isNull()).isTrue();
        assertThat(patched.get("payoutAddressEvm").stringValue()).isEqualTo(PAYOUT);

        admin(http.get().uri("/admin/v1/merchants/{id}", "mer_00000000000000000000000000"))
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("resource_missing");
    }

    @Test
    void shouldIssueListRotateAndRevokeKeysWithAnAuditTrail() {
        var merchantId = createMerchant("Keys Ltd");
        var test = createKey(merchantId, "test");
        var live = createKey(merchantId, "live");
        var testSecret = test.get("secret").stringValue();
        assertThat(testSecret).matches("abk_test_[A-Za-z0-9]{40}");
        assertThat(live.get("secret").stringValue()).matches("abk_live_[A-Za-z0-9]{40}");
        var testKey = test.get("apiKey");
        assertThat(testKey.get("status").stringValue()).isEqualTo("active");
        assertThat(testKey.get("hint").stringValue())
                .isEqualTo("abk_test_..." + testSecret.substring(testSecret.length() - 4));
        assertThat(testKey.has("keyHash")).isFalse();
        assertThat(testKey.has("secret")).isFalse();
        assertThat(products(testSecret)).isEqualTo(200);
        assertThat(products(live.get("secret").stringValue())).isEqualTo(200);

        var listed = admin(http.get().uri("/admin/v1/merchants/{id}/api_keys?limit=1", merchantId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(listed.get("apiKeys").get(0).get("id").stringValue())
                .isEqualTo(live.get("apiKey").get("id").stringValue());
        assertThat(listed.get("hasMore").booleanValue()).isTrue();

        // Rotate with a grace period: both the old and the new key work.
        var testKeyId = testKey.get("id").stringValue();
        var rotated = admin(http.post()
                        .uri("/admin/v1/api_keys/{id}/rotate", testKeyId)
                        .bodyValue(Map.of("graceSeconds", 3600)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        var newSecret = rotated.get("secret").stringValue();
        assertThat(rotated.get("apiKey").get("rotatedFromId").stringValue()).isEqualTo(testKeyId);
        assertThat(rotated.get("apiKey").get("mode").stringValue()).isEqualTo("test");
        assertThat(products(testSecret)).isEqualTo(200);
        assertThat(products(newSecret)).isEqualTo(200);
        var oldAfterRotation = keyById(merchantId, testKeyId);
        assertThat(oldAfterRotation.get("status").stringValue()).isEqualTo("expiring");
        assertThat(oldAfterRotation.get("expiresAt").isString()).isTrue();

        // Rotate the new key with no grace: it stops at once (this process dropped its cached entry).
        var newKeyId = rotated.get("apiKey").get("id").stringValue();
        var rotatedAgain = admin(http.post()
                        .uri("/admin/v1/api_keys/{id}/rotate", newKeyId)
                        .bodyValue(Map.of("graceSeconds", 0)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(products(newSecret)).isEqualTo(401);
        assertThat(products(rotatedAgain.get("secret").stringValue())).isEqualTo(200);
        admin(http.post().uri("/admin/v1/api_keys/{id}/rotate", newKeyId))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("api_key_inactive");

        // Revoke: refused on the next request; revoking again is a no-op with the same answer.
        var liveKeyId = live.get("apiKey").get("id").stringValue();
        var revoked = admin(http.post().uri("/admin/v1/api_keys/{id}/revoke", liveKeyId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("apiKey");
        assertThat(revoked.get("status").stringValue()).isEqualTo("revoked");
        assertThat(products(live.get("secret").stringValue())).isEqualTo(401);
        var revokedAgain = admin(http.post().uri("/admin/v1/api_keys/{id}/revoke", liveKeyId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("apiKey");
        assertThat(revokedAgain).isEqualTo(revoked);
        admin(http.post().uri("/admin/v1/api_keys/{id}/rotate", liveKeyId))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("api_key_inactive");

        assertThat(auditActions(merchantId))
                .containsExactly(
                        "api_key.revoked",
                        "api_key.rotated",
                        "api_key.created",
                        "api_key.rotated",
                        "api_key.created",
                        "api_key.created",
                        "api_key.created",
                        "merchant.created");
    }

    @Test
    void shouldPageTheAuditLogNewestFirst() {
        var merchantId = createMerchant("Pager");
        createKey(merchantId, "test");
        createKey(merchantId, "live");
        var ids = new ArrayList<String>();
        String after = null;
        do {
            var uri = "/admin/v1/audit_log?limit=2&merchantId=" + merchantId
                    + (after == null ? "" : "&startingAfter=" + after);
            var page = admin(http.get().uri(uri))
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectBody(JsonNode.class)
                    .returnResult()
                    .getResponseBody();
            page.get("entries").forEach(entry -> ids.add(entry.get("id").stringValue()));
            after = page.get("hasMore").booleanValue() ? ids.getLast() : null;
        } while (after != null);
        assertThat(ids).hasSize(3).isSortedAccordingTo(java.util.Comparator.reverseOrder());
    }

    @Test
    void shouldRefuseOperatorApiWhenAdminTokenMissingOrWrong() {
        http.post()
                .uri("/admin/v1/merchants")
                .bodyValue(Map.of("name", "x"))
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("authentication_error");
        http.get()
                .uri("/admin/v1/audit_log")
                .header(HttpHeaders.AUTHORIZATION, "Bearer wrong-token")
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("authentication_error");
        http.get()
                .uri("/admin/v1/audit_log")
                .header(HttpHeaders.AUTHORIZATION, "Basic " + ADMIN_TOKEN)
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .returnResult();
        // A merchant API key is not an admin token either.
        http.get()
                .uri("/admin/v1/audit_log")
                .headers(h -> h.addAll(bearer(newMerchantKey("test"))))
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .returnResult();
    }

    @Test
    void shouldRejectBadOperatorInputWithFieldErrors() {
        admin(http.post().uri("/admin/v1/merchants").bodyValue(Map.of("name", "")))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.param")
                .isEqualTo("name");
        admin(http.post().uri("/admin/v1/merchants").bodyValue(Map.of("name", "x", "payoutAddressEvm", "0x12")))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.param")
                .isEqualTo("payoutAddressEvm");
        var merchantId = createMerchant("Input");
        admin(http.post().uri("/admin/v1/merchants/{id}/api_keys", merchantId).bodyValue(Map.of("mode", "prod")))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.param")
                .isEqualTo("mode");
        admin(http.post()
                        .uri("/admin/v1/merchants/{id}/api_keys", "mer_00000000000000000000000000")
                        .bodyValue(Map.of("mode", "test")))
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .returnResult();
        var keyId = createKey(merchantId, "test").get("apiKey").get("id").stringValue();
        admin(http.post().uri("/admin/v1/api_keys/{id}/rotate", keyId).bodyValue(Map.of("graceSeconds", 604801)))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.param")
                .isEqualTo("graceSeconds");
        admin(http.patch()
                        .uri("/admin/v1/merchants/{id}", merchantId)
                        .bodyValue(new HashMap<>(Map.of("displayName", 5))))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.param")
                .isEqualTo("displayName");
    }

    private int products(String key) {
        return http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectBody()
                .returnResult()
                .getStatus()
                .value();
    }

    private JsonNode keyById(String merchantId, String keyId) {
        var keys = admin(http.get().uri("/admin/v1/merchants/{id}/api_keys", merchantId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("apiKeys");
        for (var key : keys) {
            if (key.get("id").stringValue().equals(keyId)) {
                return key;
            }
        }
        throw new AssertionError("no key " + keyId);
    }

    private List<String> auditActions(String merchantId) {
        var entries = admin(http.get().uri("/admin/v1/audit_log?merchantId={id}", merchantId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("entries");
        var actions = new ArrayList<String>();
        entries.forEach(entry -> {
            assertThat(entry.get("actor").stringValue()).isEqualTo("admin");
            actions.add(entry.get("action").stringValue());
        });
        return actions;
    }
}
