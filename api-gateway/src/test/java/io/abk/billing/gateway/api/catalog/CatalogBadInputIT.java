package io.abk.billing.gateway.api.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/**
 * Malformed catalog requests, each answered with a 4xx {@code {error, code}} (naming the field where there is
 * one) and nothing created or changed. Protects against 500s and half-written products on bad input.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CatalogBadInputIT extends GatewayIT {

    private static final String PRODUCT = "{product}";
    private static final String PRICE = "{price}";

    private String key;
    private String productId;
    private String priceId;
    private JsonNode listBefore;
    private JsonNode productBefore;

    @BeforeAll
    void createCatalog() {
        key = newMerchantKey("test");
        var product = http.post()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"Base\",\"prices\":[{\"amountUsdc\":1.5,\"interval\":\"month\"}]}")
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("product");
        productId = product.get("id").stringValue();
        priceId = product.get("prices").get(0).get("id").stringValue();
        listBefore = list();
        productBefore = product();
    }

    static Stream<Arguments> badRequests() {
        var hugeName = "x".repeat(70_000);
        return Stream.of(
                // Bodies that are not a JSON object.
                invalidProduct("[]", null),
                invalidProduct("\"Pro\"", null),
                invalidProduct("42", null),
                bad("POST", "/v1/products", "{", 400, "invalid_json", null),
                bad("POST", "/v1/products", "name=Pro", 400, "invalid_json", null),
                bad("POST", "/v1/products", "{\"name\":\"Pro\"} {}", 400, "invalid_json", null),
                bad("POST", "/v1/products", "{\"name\":\"" + hugeName + "\"}", 413, "payload_too_large", null),
                // Product fields.
                invalidProduct("{}", "name"),
                invalidProduct("{\"name\":5}", "name"),
                invalidProduct("{\"name\":\"\"}", "name"),
                invalidProduct("{\"name\":\"a\\u0000b\"}", "name"),
                invalidProduct("{\"name\":\"" + "n".repeat(201) + "\"}", "name"),
                invalidProduct("{\"name\":\"Pro\",\"description\":7}", "description"),
                invalidProduct("{\"name\":\"Pro\",\"prices\":{}}", "prices"),
                invalidProduct("{\"name\":\"Pro\",\"prices\":[1]}", "prices[0]"),
                bad(
                        "POST",
                        "/v1/products",
                        withPrices(",{}".repeat(20).substring(1) + ",{}"),
                        400,
                        "validation_error",
                        "prices"),
                // Amounts: exact, positive, at most 6 decimals, at most one billion, JSON numbers only.
                invalidProduct(withPrice("\"amountUsdc\":1.1234567,\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(withPrice("\"amountUsdc\":0,\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(withPrice("\"amountUsdc\":0.0,\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(withPrice("\"amountUsdc\":-1,\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(withPrice("\"amountUsdc\":1e400,\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(withPrice("\"amountUsdc\":1e-400,\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(
                        withPrice("\"amountUsdc\":1000000000.000001,\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(
                        withPrice("\"amountUsdc\":99999999999999999999999,\"interval\":\"month\""),
                        "prices[0].amountUsdc"),
                invalidProduct(withPrice("\"amountUsdc\":\"9.99\",\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(withPrice("\"amountUsdc\":true,\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(withPrice("\"amountUsdc\":null,\"interval\":\"month\""), "prices[0].amountUsdc"),
                invalidProduct(withPrice("\"interval\":\"month\""), "prices[0].amountUsdc"),
                bad(
                        "POST",
                        "/v1/products",
                        "{\"name\":\"Pro\",\"prices\":[{\"amountUsdc\":1,\"interval\":\"month\"},{\"amountUsdc\":NaN,\"interval\":\"month\"}]}",
                        400,
                        "invalid_json",
                        null),
                // Intervals and trials.
                invalidProduct(withPrice("\"amountUsdc\":1,\"interval\":\"week\""), "prices[0].interval"),
                invalidProduct(withPrice("\"amountUsdc\":1,\"interval\":\"MONTH\""), "prices[0].interval"),
                invalidProduct(withPrice("\"amountUsdc\":1,\"interval\":1"), "prices[0].interval"),
                invalidProduct(withPrice("\"amountUsdc\":1"), "prices[0].interval"),
                invalidProduct(
                        "{\"name\":\"Pro\",\"prices\":[{\"amountUsdc\":1,\"interval\":\"month\"},{\"amountUsdc\":1,\"interval\":\"day\"}]}",
                        "prices[1].interval"),
                invalidProduct(
                        withPrice("\"amountUsdc\":1,\"interval\":\"month\",\"trialDays\":731"), "prices[0].trialDays"),
                invalidProduct(
                        withPrice("\"amountUsdc\":1,\"interval\":\"month\",\"trialDays\":-1"), "prices[0].trialDays"),
                invalidProduct(
                        withPrice("\"amountUsdc\":1,\"interval\":\"month\",\"trialDays\":1.5"), "prices[0].trialDays"),
                invalidProduct(
                        withPrice("\"amountUsdc\":1,\"interval\":\"month\",\"trialDays\":\"7\""),
                        "prices[0].trialDays"),
                invalidProduct(
                        withPrice("\"amountUsdc\":1,\"interval\":\"month\",\"trialDays\":99999999999"),
                        "prices[0].trialDays"),
                invalidProduct(
                        withPrice("\"amountUsdc\":1,\"interval\":\"once\",\"trialDays\":3"), "prices[0].trialDays"),
                // Adding a price.
                invalidPrice("{\"amountUsdc\":1e-7,\"interval\":\"month\"}", "amountUsdc"),
                invalidPrice("{\"amountUsdc\":10}", "interval"),
                invalidPrice("[{\"amountUsdc\":10,\"interval\":\"month\"}]", null),
                invalidPrice("{\"amountUsdc\":10,\"interval\":\"once\",\"trialDays\":1}", "trialDays"),
                bad(
                        "POST",
                        "/v1/products/prod_00000000000000000000000000/prices",
                        "{\"amountUsdc\":10,\"interval\":\"month\"}",
                        404,
                        "resource_missing",
                        null),
                bad(
                        "POST",
                        "/v1/products/not-an-id/prices",
                        "{\"amountUsdc\":10,\"interval\":\"month\"}",
                        404,
                        "resource_missing",
                        null),
                // Changing a product or price.
                bad("PATCH", "/v1/products/" + PRODUCT, "{\"active\":\"false\"}", 400, "validation_error", "active"),
                bad("PATCH", "/v1/products/" + PRODUCT, "{\"active\":null}", 400, "validation_error", "active"),
                bad("PATCH", "/v1/products/" + PRODUCT, "{\"name\":null}", 400, "validation_error", "name"),
                bad("PATCH", "/v1/products/" + PRODUCT, "{\"name\":\"   \"}", 400, "validation_error", "name"),
                bad("PATCH", "/v1/products/" + PRODUCT, "true", 400, "validation_error", null),
                bad("PATCH", "/v1/prices/" + PRICE, "{}", 400, "validation_error", "active"),
                bad("PATCH", "/v1/prices/" + PRICE, "{\"active\":1}", 400, "validation_error", "active"),
                bad(
                        "PATCH",
                        "/v1/prices/price_00000000000000000000000000",
                        "{\"active\":false}",
                        404,
                        "resource_missing",
                        null),
                // Wrong method, list parameters.
                bad("DELETE", "/v1/products/" + PRODUCT, "", 405, "method_not_allowed", null),
                bad("PUT", "/v1/products", "{\"name\":\"Pro\"}", 405, "method_not_allowed", null),
                bad("GET", "/v1/products?limit=0", "", 400, "validation_error", "limit"),
                bad("GET", "/v1/products?limit=101", "", 400, "validation_error", "limit"),
                bad("GET", "/v1/products?limit=ten", "", 400, "validation_error", "limit"),
                bad(
                        "GET",
                        "/v1/products?startingAfter=sub_00000000000000000000000000",
                        "",
                        400,
                        "validation_error",
                        "startingAfter"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void shouldRefuseAndCreateNothingWhenInputIsBad(
            String label, String method, String path, String body, int status, String code, @Nullable String param) {
        var uri = path.replace(PRODUCT, productId).replace(PRICE, priceId);
        var request = http.method(HttpMethod.valueOf(method)).uri(uri).header("x-service-api-key", key);
        var spec = body.isEmpty()
                ? request
                : request.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
        var response = spec.exchange()
                .expectStatus()
                .isEqualTo(status)
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();

        assertThat(response.get("error").stringValue()).isNotBlank();
        assertThat(response.get("code").stringValue()).isEqualTo(code);
        assertThat(response.get("requestId").stringValue()).startsWith("req_");
        if (param != null) {
            assertThat(response.get("param").stringValue()).isEqualTo(param);
        }
        assertThat(list()).isEqualTo(listBefore);
        assertThat(product()).isEqualTo(productBefore);
    }

    private JsonNode list() {
        return http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
    }

    private JsonNode product() {
        return http.get()
                .uri("/v1/products/{id}", productId)
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
    }

    private static String withPrice(String fields) {
        return "{\"name\":\"Pro\",\"prices\":[{" + fields + "}]}";
    }

    private static String withPrices(String items) {
        return "{\"name\":\"Pro\",\"prices\":[" + items + "]}";
    }

    /** A create whose body breaks a field's rule: a 400 {@code validation_error} naming {@code param}. */
    private static Arguments invalidProduct(String body, @Nullable String param) {
        return bad("POST", "/v1/products", body, 400, "validation_error", param);
    }

    /** A price added to the product whose body breaks a field's rule: a 400 {@code validation_error}. */
    private static Arguments invalidPrice(String body, @Nullable String param) {
        return bad("POST", "/v1/products/" + PRODUCT + "/prices", body, 400, "validation_error", param);
    }

    private static Arguments bad(
            String method, String path, String body, int status, String code, @Nullable String param) {
        var shown = body.length() > 80 ? body.substring(0, 77) + "..." : body;
        return Arguments.of(
                method + " " + path + " " + shown + " -> " + status, method, path, body, status, code, param);
    }
}
