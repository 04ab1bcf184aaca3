package io.abk.billing.gateway.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec;
import tools.jackson.databind.JsonNode;

/**
 * The webhook endpoint routes through the merchant API: every shape of docs/api.md, the secret shown only on
 * create and rotation, rotation's overlap, soft delete, pagination, idempotent creates, and isolation across
 * merchants and modes. URLs are literal public addresses so no test depends on DNS.
 */
class WebhookEndpointsIT extends GatewayIT {

    @Autowired
    private WebhookEndpointRepository repository;

    @Autowired
    private SecretSealer sealer;

    private static final String URL = "https://93.184.215.14/hooks/billing";
    private static final String SECRET = "^whsec_[A-Za-z0-9+/]{43}=$";

    @Test
    void shouldCreateWithSecretAndNeverShowItOnReads() {
        var key = newMerchantKey("live");
        var created = post(
                        key,
                        "/v1/webhook_endpoints",
                        Map.of(
                                "url",
                                URL,
                                "description",
                                "Main",
                                "enabledEvents",
                                List.of("invoice.paid", "subscription.canceled", "invoice.paid")))
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(created.propertyNames()).containsExactly("webhookEndpoint", "secret");
        assertThat(created.get("secret").stringValue()).matches(SECRET);
        var endpoint = created.get("webhookEndpoint");
        var id = endpoint.get("id").stringValue();
        assertThat(id).startsWith("we_");
        assertThat(endpoint.get("url").stringValue()).isEqualTo(URL);
        assertThat(endpoint.get("enabledEvents").toString()).isEqualTo("[\"invoice.paid\",\"subscription.canceled\"]");
        assertThat(endpoint.get("description").stringValue()).isEqualTo("Main");
        assertThat(endpoint.get("disabled").booleanValue()).isFalse();
        assertThat(endpoint.get("disabledReason").isNull()).isTrue();
        assertThat(endpoint.get("mode").stringValue()).isEqualTo("live");
        assertThat(endpoint.has("secret")).isFalse();

        var read = get(key, "/v1/webhook_endpoints/" + id)
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(read.propertyNames()).containsExactly("webhookEndpoint");
        assertThat(read.get("webhookEndpoint")).isEqualTo(endpoint);
        var list = get(key, "/v1/webhook_endpoints")
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        assertThat(list)
                .contains(id)
                .doesNotContain("whsec_")
                .doesNotContain(created.get("secret").stringValue());
        assertThat(read.toString()).doesNotContain("whsec_");
    }

    @Test
    void shouldDefaultToAllEventsWhenNoneOrStarGiven() {
        var key = newMerchantKey("test");
        var none = create(key, Map.of("url", URL)).get("webhookEndpoint");
        var star = create(key, Map.of("url", URL, "enabledEvents", List.of("*", "invoice.paid")))
                .get("webhookEndpoint");
        assertThat(none.get("enabledEvents").toString()).isEqualTo("[\"*\"]");
        assertThat(star.get("enabledEvents").toString()).isEqualTo("[\"*\"]");
        assertThat(none.get("description").isNull()).isTrue();
        assertThat(none.get("mode").stringValue()).isEqualTo("test");
    }

    @Test
    void shouldListNewestFirstInCursorPages() {
        var key = newMerchantKey("test");
        var ids = new ArrayList<String>();
        for (int i = 0; i < 3; i++) {
            ids.add(create(key, Map.of("url", URL + i))
                    .get("webhookEndpoint")
                    .get("id")
                    .stringValue());
        }
        var first = body(get(key, "/v1/webhook_endpoints?limit=2"));
        assertThat(first.propertyNames()).containsExactly("webhookEndpoints", "hasMore");
        assertThat(idsOf(first)).containsExactly(ids.get(2), ids.get(1));
        assertThat(first.get("hasMore").booleanValue()).isTrue();
        var second = body(get(key, "/v1/webhook_endpoints?limit=2&startingAfter=" + ids.get(1)));
        assertThat(idsOf(second)).containsExactly(ids.get(0));
        assertThat(second.get("hasMore").booleanValue()).isFalse();
    }

    @Test
    void shouldUpdateFieldsAndDisableWhenPatched() {
        var key = newMerchantKey("live");
        var id = create(key, Map.of("url", URL, "description", "Old"))
                .get("webhookEndpoint")
                .get("id")
                .stringValue();
        var patched = body(patch(
                key,
                "/v1/webhook_endpoints/" + id,
                Map.of("url", "https://8.8.8.8/new", "enabledEvents", List.of("payment.paid"), "disabled", true)));
        assertThat(patched.propertyNames()).containsExactly("webhookEndpoint");
        var endpoint = patched.get("webhookEndpoint");
        assertThat(endpoint.get("url").stringValue()).isEqualTo("https://8.8.8.8/new");
        assertThat(endpoint.get("enabledEvents").toString()).isEqualTo("[\"payment.paid\"]");
        assertThat(endpoint.get("description").stringValue()).isEqualTo("Old");
        assertThat(endpoint.get("disabled").booleanValue()).isTrue();
        assertThat(endpoint.get("disabledReason").stringValue()).isEqualTo("disabled_by_merchant");
        assertThat(endpoint.toString()).doesNotContain("whsec_");

        var cleared = body(patch(
                        key,
                        "/v1/webhook_endpoints/" + id,
                        "{\"description\":null,\"enabledEvents\":null,\"disabled\":false}"))
                .get("webhookEndpoint");
        assertThat(cleared.get("description").isNull()).isTrue();
        assertThat(cleared.get("enabledEvents").toString()).isEqualTo("[\"*\"]");
        assertThat(cleared.get("disabled").booleanValue()).isFalse();
        assertThat(cleared.get("disabledReason").isNull()).isTrue();
        assertThat(body(get(key, "/v1/webhook_endpoints/" + id)).get("webhookEndpoint"))
                .isEqualTo(cleared);
    }

    @Test
    void shouldRotateSecretKeepingTheOldOneForTheOverlap() {
        var merchant = newMerchant();
        var key = merchant.testKey();
        var created = create(key, Map.of("url", URL));
        var id = created.get("webhookEndpoint").get("id").stringValue();
        var before = Instant.now();
        var rotated = post(key, "/v1/webhook_endpoints/" + id + "/rotate_secret", Map.of())
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(rotated.propertyNames()).containsExactly("webhookEndpoint", "secret");
        assertThat(rotated.get("secret").stringValue())
                .matches(SECRET)
                .isNotEqualTo(created.get("secret").stringValue());
        var until = Instant.parse(
                rotated.get("webhookEndpoint").get("previousSecretExpiresAt").stringValue());
        assertThat(until)
                .isBetween(
                        before.plus(Duration.ofHours(24)).minusSeconds(5),
                        Instant.now().plus(Duration.ofHours(24)).plusSeconds(5));

        // The sender signs with both: the stored row keeps the new secret and the old one as previous, both sealed.
        var stored = repository.find(merchant.id(), Mode.TEST, id, false).block();
        assertThat(sealer.open(stored.storedSecret(), id))
                .isEqualTo(rotated.get("secret").stringValue());
        assertThat(sealer.open(stored.storedPreviousSecret(), id))
                .isEqualTo(created.get("secret").stringValue());
        assertThat(stored.previousSecretExpiresAt()).isEqualTo(until);

        var short_ = post(key, "/v1/webhook_endpoints/" + id + "/rotate_secret", Map.of("overlapSeconds", 60))
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        var shortUntil = Instant.parse(
                short_.get("webhookEndpoint").get("previousSecretExpiresAt").stringValue());
        assertThat(Duration.between(Instant.now(), shortUntil))
                .isBetween(Duration.ofSeconds(50), Duration.ofSeconds(65));
        var none = post(key, "/v1/webhook_endpoints/" + id + "/rotate_secret", Map.of("overlapSeconds", 0))
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(none.get("webhookEndpoint").get("previousSecretExpiresAt").isNull())
                .isTrue();
        assertThat(body(get(key, "/v1/webhook_endpoints/" + id)).toString()).doesNotContain("whsec_");
    }

    @Test
    void shouldDeleteAndThenAnswer404() {
        var key = newMerchantKey("live");
        var id =
                create(key, Map.of("url", URL)).get("webhookEndpoint").get("id").stringValue();
        var deleted = body(http.delete()
                .uri("/v1/webhook_endpoints/" + id)
                .header("x-service-api-key", key)
                .exchange());
        assertThat(deleted.toString()).isEqualTo("{\"id\":\"" + id + "\",\"deleted\":true}");
        missing(get(key, "/v1/webhook_endpoints/" + id));
        missing(http.delete()
                .uri("/v1/webhook_endpoints/" + id)
                .header("x-service-api-key", key)
                .exchange());
        missing(patch(key, "/v1/webhook_endpoints/" + id, Map.of("disabled", true)));
        missing(post(key, "/v1/webhook_endpoints/" + id + "/rotate_secret", Map.of()));
        assertThat(idsOf(body(get(key, "/v1/webhook_endpoints")))).isEmpty();
    }

    @Test
    void shouldAnswer404WhenTheEndpointIsAnotherMerchantsOrModes() {
        var merchant = newMerchant();
        var other = newMerchantKey("test");
        var id = create(merchant.testKey(), Map.of("url", URL))
                .get("webhookEndpoint")
                .get("id")
                .stringValue();
        for (var key : List.of(other, merchant.liveKey())) {
            missing(get(key, "/v1/webhook_endpoints/" + id));
            missing(patch(key, "/v1/webhook_endpoints/" + id, Map.of("description", "mine now")));
            missing(post(key, "/v1/webhook_endpoints/" + id + "/rotate_secret", Map.of()));
            missing(http.delete()
                    .uri("/v1/webhook_endpoints/" + id)
                    .header("x-service-api-key", key)
                    .exchange());
            assertThat(idsOf(body(get(key, "/v1/webhook_endpoints")))).isEmpty();
        }
        var still = body(get(merchant.testKey(), "/v1/webhook_endpoints/" + id)).get("webhookEndpoint");
        assertThat(still.get("description").isNull()).isTrue();
        assertThat(idsOf(body(get(merchant.testKey(), "/v1/webhook_endpoints"))))
                .containsExactly(id);
    }

    @Test
    void shouldReplayTheCreateWhenTheIdempotencyKeyRepeats() {
        var key = newMerchantKey("test");
        var first = http.post()
                .uri("/v1/webhook_endpoints")
                .header("x-service-api-key", key)
                .header("Idempotency-Key", "we-1")
                .bodyValue(Map.of("url", URL))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult();
        var again = http.post()
                .uri("/v1/webhook_endpoints")
                .header("x-service-api-key", key)
                .header("Idempotency-Key", "we-1")
                .bodyValue(Map.of("url", URL))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult();
        assertThat(again.getResponseHeaders().getFirst("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.getResponseBody()).isEqualTo(first.getResponseBody());
        assertThat(idsOf(body(get(key, "/v1/webhook_endpoints")))).hasSize(1);
        http.post()
                .uri("/v1/webhook_endpoints")
                .header("x-service-api-key", key)
                .header("Idempotency-Key", "we-1")
                .bodyValue(Map.of("url", URL + "/other"))
                .exchange()
                .expectStatus()
                .isEqualTo(409)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("idempotency_error");
    }

    private JsonNode create(String key, Object body) {
        return post(key, "/v1/webhook_endpoints", body)
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
    }

    private static JsonNode body(ResponseSpec response) {
        EntityExchangeResult<JsonNode> result =
                response.expectStatus().isOk().expectBody(JsonNode.class).returnResult();
        return result.getResponseBody();
    }

    private static void missing(ResponseSpec response) {
        response.expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("resource_missing")
                .jsonPath("$.error")
                .isNotEmpty();
    }

    private static List<String> idsOf(JsonNode page) {
        var ids = new ArrayList<String>();
        page.get("webhookEndpoints").forEach(e -> ids.add(e.get("id").stringValue()));
        return ids;
    }

    private ResponseSpec post(String key, String path, Object body) {
        return http.post()
                .uri(path)
                .header("x-service-api-key", key)
                .bodyValue(body)
                .exchange();
    }

    private ResponseSpec patch(String key, String path, Object body) {
        return http.method(HttpMethod.PATCH)
                .uri(path)
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }

    private ResponseSpec get(String key, String path) {
        return http.get().uri(path).header("x-service-api-key", key).exchange();
    }
}
