package io.abk.billing.gateway.api.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec;
import tools.jackson.databind.JsonNode;

/** The catalog through the merchant API: create, list, archive, and isolation across merchants and modes. */
class CatalogIT extends GatewayIT {

    @Test
    void shouldCreateProductWithPricesInOrderAndExactAmounts() {
        var key = newMerchantKey("test");
        var product = post(
                        key,
                        "/v1/products",
                        Map.of(
                                "name",
                                "Pro",
                                "description",
                                "The pro plan",
                                "prices",
                                List.of(
                                        Map.of(
                                                "amountUsdc",
                                                new BigDecimal("9.99"),
                                                "interval",
                                                "month",
                                                "trialDays",
                                                14),
                                        Map.of("amountUsdc", 100, "interval", "year"),
                                        Map.of("amountUsdc", new BigDecimal("0.000001"), "interval", "once"))))
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("product");
        assertThat(product.get("id").stringValue()).startsWith("prod_");
        assertThat(product.get("active").booleanValue()).isTrue();
        assertThat(product.get("mode").stringValue()).isEqualTo("test");
        var prices = product.get("prices");
        assertThat(prices).hasSize(3);
        assertThat(prices.get(0).get("amountUsdc").decimalValue()).isEqualByComparingTo("9.99");
        assertThat(prices.get(0).get("amountUsdc").toString()).isEqualTo("9.99");
        assertThat(prices.get(0).get("trialDays").intValue()).isEqualTo(14);
        assertThat(prices.get(1).get("amountUsdc").toString()).isEqualTo("100");
        assertThat(prices.get(1).get("interval").stringValue()).isEqualTo("year");
        assertThat(prices.get(2).get("amountUsdc").toString()).isEqualTo("0.000001");
        assertThat(prices.get(2).get("productId").stringValue())
                .isEqualTo(product.get("id").stringValue());

        var read = get(key, "/v1/products/" + product.get("id").stringValue())
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("product");
        assertThat(read).isEqualTo(product);
    }

    @Test
    void shouldListOnlyActiveProductsAndPricesNewestFirst() {
        var key = newMerchantKey("live");
        var first = createProduct(key, "First");
        var second = createProduct(key, "Second");
        var archived = createProduct(key, "Archived");
        var price = post(key, "/v1/products/" + second + "/prices", Map.of("amountUsdc", 5, "interval", "month"))
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("price");
        var priceId = price.get("id").stringValue();
        assertThat(price.get("trialDays").intValue()).isZero();

        patch(key, "/v1/products/" + archived, Map.of("active", false))
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.product.active")
                .isEqualTo(false);
        assertThat(listedIds(key)).containsExactly(second, first);
        assertThat(listedPriceCount(key, second)).isEqualTo(2);

        patch(key, "/v1/prices/" + priceId, Map.of("active", false))
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.price.active")
                .isEqualTo(false);
        assertThat(listedPriceCount(key, second)).isEqualTo(1);
        // GET by id shows every price, archived ones too.
        get(key, "/v1/products/" + second)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.product.prices.length()")
                .isEqualTo(2);

        patch(key, "/v1/products/" + archived, Map.of("active", true, "name", "Back"))
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.product.name")
                .isEqualTo("Back");
        assertThat(listedIds(key)).containsExactly(archived, second, first);

        var page = get(key, "/v1/products?limit=2")
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(page.get("products")).hasSize(2);
        assertThat(page.get("hasMore").booleanValue()).isTrue();
        var next = get(key, "/v1/products?limit=2&startingAfter=" + second)
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(next.get("products").get(0).get("id").stringValue()).isEqualTo(first);
        assertThat(next.get("hasMore").booleanValue()).isFalse();
    }

    @Test
    void shouldKeepModesApartWhenOneMerchantHasBothKeys() {
        var merchantId = createMerchant("Two modes");
        var testKey = createKey(merchantId, "test").get("secret").stringValue();
        var liveKey = createKey(merchantId, "live").get("secret").stringValue();
        var testProduct = createProduct(testKey, "Test only");
        var liveProduct = createProduct(liveKey, "Live only");

        assertThat(listedIds(testKey)).containsExactly(testProduct);
        assertThat(listedIds(liveKey)).containsExactly(liveProduct);
        get(liveKey, "/v1/products/" + testProduct)
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("resource_missing");
        get(testKey, "/v1/products/" + liveProduct)
                .expectStatus()
                .isNotFound()
                .expectBody()
                .returnResult();
        patch(liveKey, "/v1/products/" + testProduct, Map.of("active", false))
                .expectStatus()
                .isNotFound()
                .expectBody()
                .returnResult();
        post(liveKey, "/v1/products/" + testProduct + "/prices", Map.of("amountUsdc", 1, "interval", "month"))
                .expectStatus()
                .isNotFound()
                .expectBody()
                .returnResult();
    }

    @Test
    void shouldHideAnotherMerchantsCatalog() {
        var mine = newMerchantKey("test");
        var theirs = newMerchantKey("test");
        var product = createProduct(theirs, "Theirs");
        var priceId = post(theirs, "/v1/products/" + product + "/prices", Map.of("amountUsdc", 1, "interval", "once"))
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("price")
                .get("id")
                .stringValue();

        get(mine, "/v1/products/" + product)
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("resource_missing");
        patch(mine, "/v1/prices/" + priceId, Map.of("active", false))
                .expectStatus()
                .isNotFound()
                .expectBody()
                .returnResult();
        assertThat(listedIds(mine)).isEmpty();
        get(theirs, "/v1/products/" + product)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.product.prices[0].active")
                .isEqualTo(true);
    }

    @Test
    void shouldAuditCatalogChangesWithTheKeyAsActor() {
        var merchantId = createMerchant("Audited");
        var issued = createKey(merchantId, "test");
        var key = issued.get("secret").stringValue();
        var product = createProduct(key, "Audited product");
        patch(key, "/v1/products/" + product, Map.of("description", "now described"))
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
        var entries = admin(http.get().uri("/admin/v1/audit_log?merchantId={id}&limit=2", merchantId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("entries");
        assertThat(entries.get(0).get("action").stringValue()).isEqualTo("product.updated");
        assertThat(entries.get(0).get("actor").stringValue())
                .isEqualTo(issued.get("apiKey").get("id").stringValue());
        assertThat(entries.get(0).get("mode").stringValue()).isEqualTo("test");
        assertThat(entries.get(0).get("details").get("description").stringValue())
                .isEqualTo("now described");
        assertThat(entries.get(1).get("action").stringValue()).isEqualTo("product.created");
    }

    private String createProduct(String key, String name) {
        return post(
                        key,
                        "/v1/products",
                        Map.of("name", name, "prices", List.of(Map.of("amountUsdc", 1, "interval", "month"))))
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("product")
                .get("id")
                .stringValue();
    }

    private List<String> listedIds(String key) {
        var products = get(key, "/v1/products")
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("products");
        var ids = new ArrayList<String>();
        products.forEach(p -> {
            assertThat(p.get("active").booleanValue()).isTrue();
            p.get("prices")
                    .forEach(price ->
                            assertThat(price.get("active").booleanValue()).isTrue());
            ids.add(p.get("id").stringValue());
        });
        return ids;
    }

    private int listedPriceCount(String key, String productId) {
        var products = get(key, "/v1/products")
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("products");
        for (var p : products) {
            if (p.get("id").stringValue().equals(productId)) {
                return p.get("prices").size();
            }
        }
        throw new AssertionError("product not listed: " + productId);
    }

    private ResponseSpec get(String key, String uri) {
        return http.get().uri(uri).header("x-service-api-key", key).exchange();
    }

    private ResponseSpec post(String key, String uri, Object body) {
        return http.post()
                .uri(uri)
                .header("x-service-api-key", key)
                .bodyValue(body)
                .exchange();
    }

    private ResponseSpec patch(String key, String uri, Object body) {
        return http.patch()
                .uri(uri)
                .header("x-service-api-key", key)
                .bodyValue(body)
                .exchange();
    }
}
