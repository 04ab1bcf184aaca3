package io.abk.billing.gateway.api.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.command.idempotency.IdempotencyFilter;
import io.abk.billing.gateway.testkit.GatewayIT;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import tools.jackson.databind.JsonNode;

/**
 * Catalog creates retried with the same Idempotency-Key after the gateway that ran them died before recording the
 * response: the retry takes over the expired lease and runs the handler again, which must answer with what the
 * first run stored and create nothing. Protects against a second product (or price) per retried create.
 */
class CatalogRetryIT extends GatewayIT {

    private static final Map<String, Object> PRODUCT = Map.of(
            "name",
            "Retried",
            "prices",
            List.of(Map.of("amountUsdc", 5, "interval", "month"), Map.of("amountUsdc", 50, "interval", "year")));

    @Test
    void shouldAnswerTheSameProductAndCreateNothingWhenARetryTakesOverAnExpiredLease() {
        var merchant = newMerchant();
        var key = "key-" + UUID.randomUUID();
        var first = post(merchant.testKey(), key, "/v1/products", PRODUCT);
        crashedBeforeRecordingTheResponse(key);

        var retry = post(merchant.testKey(), key, "/v1/products", PRODUCT);

        assertThat(first.getStatus().value()).isEqualTo(201);
        assertThat(retry.getStatus().value()).isEqualTo(201);
        assertThat(retry.getResponseHeaders().getFirst(IdempotencyFilter.REPLAYED_HEADER))
                .as("ran again, not replayed")
                .isNull();
        assertThat(retry.getResponseBody()).isEqualTo(first.getResponseBody());
        assertThat(database().count("SELECT count(*) FROM products WHERE merchant_id = ?", merchant.id()))
                .isEqualTo(1);
        assertThat(database().count("SELECT count(*) FROM prices WHERE merchant_id = ?", merchant.id()))
                .isEqualTo(2);
        assertThat(database()
                        .count(
                                "SELECT count(*) FROM audit_log WHERE merchant_id = ? AND action = 'product.created'",
                                merchant.id()))
                .isEqualTo(1);
        assertThat(database()
                        .count(
                                "SELECT count(*) FROM audit_log WHERE merchant_id = ? AND action = 'price.created'",
                                merchant.id()))
                .isEqualTo(2);
        assertThat(post(merchant.testKey(), key, "/v1/products", PRODUCT)
                        .getResponseHeaders()
                        .getFirst(IdempotencyFilter.REPLAYED_HEADER))
                .isEqualTo("true");
    }

    @Test
    void shouldAnswerTheSamePriceAndCreateNothingWhenARetryTakesOverAnExpiredLease() {
        var merchant = newMerchant();
        var productId = post(merchant.liveKey(), "key-" + UUID.randomUUID(), "/v1/products", Map.of("name", "Base"))
                .getResponseBody()
                .get("product")
                .get("id")
                .stringValue();
        var key = "key-" + UUID.randomUUID();
        var path = "/v1/products/" + productId + "/prices";
        var price = Map.<String, Object>of("amountUsdc", 7, "interval", "month", "trialDays", 3);
        var first = post(merchant.liveKey(), key, path, price);
        crashedBeforeRecordingTheResponse(key);

        var retry = post(merchant.liveKey(), key, path, price);

        assertThat(first.getStatus().value()).isEqualTo(201);
        assertThat(retry.getStatus().value()).isEqualTo(201);
        assertThat(retry.getResponseBody()).isEqualTo(first.getResponseBody());
        assertThat(database().count("SELECT count(*) FROM prices WHERE product_id = ?", productId))
                .isEqualTo(1);
        assertThat(database()
                        .count(
                                "SELECT count(*) FROM audit_log WHERE merchant_id = ? AND action = 'price.created'",
                                merchant.id()))
                .isEqualTo(1);
    }

    @Test
    void shouldCreateAnotherProductWhenTheSameBodyComesWithAnotherKeyOrNone() {
        var merchant = newMerchant();

        var keyed = post(merchant.testKey(), "key-" + UUID.randomUUID(), "/v1/products", PRODUCT);
        var otherKey = post(merchant.testKey(), "key-" + UUID.randomUUID(), "/v1/products", PRODUCT);
        var unkeyed = http.post()
                .uri("/v1/products")
                .header("x-service-api-key", merchant.testKey())
                .bodyValue(PRODUCT)
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult();

        assertThat(List.of(keyed, otherKey, unkeyed))
                .extracting(r -> r.getResponseBody().get("product").get("id").stringValue())
                .doesNotHaveDuplicates();
        assertThat(database().count("SELECT count(*) FROM products WHERE merchant_id = ?", merchant.id()))
                .isEqualTo(3);
    }

    /** The state a gateway leaves when it dies after its handler committed but before it stored the response. */
    private void crashedBeforeRecordingTheResponse(String key) {
        assertThat(database()
                        .execute(
                                "UPDATE idempotency_keys SET state = 'in_flight', response_status = NULL,"
                                        + " response_body = NULL, locked_until = now() - interval '1 second' WHERE key = ?",
                                key))
                .isEqualTo(1);
    }

    private EntityExchangeResult<JsonNode> post(String apiKey, String idempotencyKey, String path, Object body) {
        return http.post()
                .uri(path)
                .header("x-service-api-key", apiKey)
                .header(IdempotencyFilter.KEY_HEADER, idempotencyKey)
                .bodyValue(body)
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult();
    }
}
