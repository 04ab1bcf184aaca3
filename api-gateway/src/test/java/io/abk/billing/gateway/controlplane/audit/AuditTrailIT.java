package io.abk.billing.gateway.controlplane.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/**
 * Every control-plane action a merchant or an operator takes shows in the audit log the operator API reads: test-clock
 * changes, webhook endpoint create, update, rotation and delete, and API key issue, rotation and revocation; each entry
 * names who did it and what it touched, and none shows a key or a secret.
 */
class AuditTrailIT extends GatewayIT {

    @Test
    void shouldListEveryActionOverHttpInTheAuditLog() {
        // given a merchant with a test key
        var merchantId = createMerchant("Audited");
        var issued = createKey(merchantId, "test");
        var keyId = issued.get("apiKey").get("id").stringValue();
        var key = issued.get("secret").stringValue();

        // when its test clock is frozen, advanced and let go again
        clock(key, "{\"frozenAt\":\"2031-01-01T00:00:00Z\"}");
        clock(key, "{\"advanceBySeconds\":86400}");
        // and a webhook endpoint is created, changed, given a new secret and deleted
        var endpoint = body(http.post()
                        .uri("/v1/webhook_endpoints")
                        .header("x-service-api-key", key)
                        .bodyValue(Map.of("url", "https://93.184.215.14/hooks/audit"))
                        .exchange()
                        .expectStatus()
                        .isCreated())
                .get("webhookEndpoint")
                .get("id")
                .stringValue();
        http.patch()
                .uri("/v1/webhook_endpoints/" + endpoint)
                .header("x-service-api-key", key)
                .bodyValue(Map.of("description", "audited"))
                .exchange()
                .expectStatus()
                .isOk();
        var rotatedSecret = body(http.post()
                        .uri("/v1/webhook_endpoints/" + endpoint + "/rotate_secret")
                        .header("x-service-api-key", key)
                        .bodyValue(Map.of())
                        .exchange()
                        .expectStatus()
                        .isOk())
                .get("secret")
                .stringValue();
        http.delete()
                .uri("/v1/webhook_endpoints/" + endpoint)
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk();
        // and the operator rotates the key, then revokes the new one
        var rotated = body(
                admin(http.post().uri("/admin/v1/api_keys/" + keyId + "/rotate").bodyValue(Map.of("graceSeconds", 60)))
                        .exchange()
                        .expectStatus()
                        .isOk());
        var newKeyId = rotated.get("apiKey").get("id").stringValue();
        admin(http.post().uri("/admin/v1/api_keys/" + newKeyId + "/revoke"))
                .exchange()
                .expectStatus()
                .isOk();

        // then the audit log of the merchant, read through the operator API, holds each of them
        var entries = auditLog(merchantId);
        var seen = entries.stream()
                .map(e -> e.get("action").stringValue() + " "
                        + e.get("targetType").stringValue() + " "
                        + e.get("targetId").stringValue() + " by "
                        + e.get("actor").stringValue())
                .toList();
        assertThat(seen)
                .contains(
                        "test_clock.changed test_clock " + merchantId + " by " + keyId,
                        "webhook_endpoint.created webhook_endpoint " + endpoint + " by " + keyId,
                        "webhook_endpoint.updated webhook_endpoint " + endpoint + " by " + keyId,
                        "webhook_endpoint.secret_rotated webhook_endpoint " + endpoint + " by " + keyId,
                        "webhook_endpoint.deleted webhook_endpoint " + endpoint + " by " + keyId,
                        "api_key.created api_key " + keyId + " by admin",
                        "api_key.created api_key " + newKeyId + " by admin",
                        "api_key.rotated api_key " + keyId + " by admin",
                        "api_key.revoked api_key " + newKeyId + " by admin");
        // the two clock changes, each with what was asked and what it did
        var clockChanges = entries.stream()
                .filter(e -> e.get("action").stringValue().equals("test_clock.changed"))
                .map(e -> e.get("details"))
                .toList();
        assertThat(clockChanges).hasSize(2);
        assertThat(clockChanges.get(1).get("frozenAt").stringValue()).isEqualTo("2031-01-01T00:00:00Z");
        assertThat(clockChanges.get(0).get("advanceBySeconds").longValue()).isEqualTo(86400);
        assertThat(clockChanges.get(0).get("newFrozenAt").stringValue()).isEqualTo("2031-01-02T00:00:00Z");
        assertThat(entries)
                .allSatisfy(e -> assertThat(e.toString())
                        .doesNotContain(key)
                        .doesNotContain(rotatedSecret)
                        .doesNotContain("whsec_")
                        .doesNotContain(rotated.get("secret").stringValue()));
    }

    @Test
    void shouldNotAuditAClockChangeThatWasRefused() {
        // given a merchant whose clock is frozen in the future
        var merchantId = createMerchant("Refused");
        var key = createKey(merchantId, "test").get("secret").stringValue();
        clock(key, "{\"frozenAt\":\"2032-01-01T00:00:00Z\"}");

        // when a change backwards is refused
        http.post()
                .uri("/v1/test_clock")
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"frozenAt\":\"2031-06-01T00:00:00Z\"}")
                .exchange()
                .expectStatus()
                .isBadRequest();

        // then only the change that happened is in the log
        assertThat(auditLog(merchantId).stream()
                        .filter(e -> e.get("action").stringValue().equals("test_clock.changed")))
                .hasSize(1);
    }

    private void clock(String key, String json) {
        http.post()
                .uri("/v1/test_clock")
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(json)
                .exchange()
                .expectStatus()
                .isOk();
    }

    /** Every entry of the merchant, newest first, page by page. */
    private List<JsonNode> auditLog(String merchantId) {
        var entries = new ArrayList<JsonNode>();
        String after = null;
        do {
            var page = body(admin(http.get()
                            .uri("/admin/v1/audit_log?limit=5&merchantId=" + merchantId
                                    + (after == null ? "" : "&startingAfter=" + after)))
                    .exchange()
                    .expectStatus()
                    .isOk());
            page.get("entries").forEach(entries::add);
            after = page.get("hasMore").booleanValue()
                    ? entries.getLast().get("id").stringValue()
                    : null;
        } while (after != null);
        return entries;
    }

    private static JsonNode body(org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec response) {
        return response.expectBody(JsonNode.class).returnResult().getResponseBody();
    }
}
