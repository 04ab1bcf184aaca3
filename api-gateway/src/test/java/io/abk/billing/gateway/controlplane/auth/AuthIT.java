package io.abk.billing.gateway.controlplane.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import tools.jackson.databind.JsonNode;

/** Authentication of the merchant API: every way a key can be wrong is a 401 authentication_error. */
class AuthIT extends GatewayIT {

    @LocalServerPort
    int port;

    static Stream<Arguments> badCredentials() {
        return Stream.of(
                Arguments.of("no header", (Consumer<HttpHeaders>) h -> {}),
                Arguments.of("empty key header", (Consumer<HttpHeaders>) h -> h.set("x-service-api-key", "")),
                Arguments.of("malformed key", (Consumer<HttpHeaders>) h -> h.set("x-service-api-key", "not-a-key")),
                Arguments.of("too short", (Consumer<HttpHeaders>) h -> h.set("x-service-api-key", "abk_test_abc")),
                Arguments.of("wrong prefix", (Consumer<HttpHeaders>)
                        h -> h.set("x-service-api-key", "sk_test_0123456789012345678901234567890123456789")),
                Arguments.of("unknown mode", (Consumer<HttpHeaders>)
                        h -> h.set("x-service-api-key", "abk_prod_0123456789012345678901234567890123456789")),
                Arguments.of("symbols in key", (Consumer<HttpHeaders>)
                        h -> h.set("x-service-api-key", "abk_test_0123456789-0123456789-0123456789-0123456789")),
                Arguments.of("unknown well-formed key", (Consumer<HttpHeaders>)
                        h -> h.set("x-service-api-key", "abk_test_0123456789012345678901234567890123456789")),
                Arguments.of("unknown bearer key", (Consumer<HttpHeaders>)
                        h -> h.setBearerAuth("abk_live_0123456789012345678901234567890123456789")),
                Arguments.of("basic scheme", (Consumer<HttpHeaders>)
                        h -> h.set(HttpHeaders.AUTHORIZATION, "Basic YWJrX3Rlc3Q6eA==")),
                Arguments.of("bearer without token", (Consumer<HttpHeaders>)
                        h -> h.set(HttpHeaders.AUTHORIZATION, "Bearer ")),
                Arguments.of("admin token as key", (Consumer<HttpHeaders>) h -> h.setBearerAuth(ADMIN_TOKEN)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badCredentials")
    void shouldAnswer401WhenCredentialsAreBad(String name, Consumer<HttpHeaders> headers) {
        http.get()
                .uri("/v1/products")
                .headers(headers)
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("authentication_error")
                .jsonPath("$.error")
                .isNotEmpty()
                .jsonPath("$.requestId")
                .isNotEmpty();
    }

    @Test
    void shouldAcceptBothHeaderFormsWhenKeyIsValid() {
        var key = newMerchantKey("test");
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
        http.get()
                .uri("/v1/products")
                .headers(h -> h.setBearerAuth(key))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
        http.get()
                .uri("/v1/products")
                .header(HttpHeaders.AUTHORIZATION, "bearer " + key)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
    }

    @Test
    void shouldRefuseRevokedKeyRightAway() {
        var issued = createKey(createMerchant("Revoked"), "live");
        var key = issued.get("secret").stringValue();
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
        admin(http.post()
                        .uri(
                                "/admin/v1/api_keys/{id}/revoke",
                                issued.get("apiKey").get("id").stringValue()))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("authentication_error");
    }

    @Test
    void shouldRefuseRotatedKeyOnceItsGraceIsOver() {
        var issued = createKey(createMerchant("Rotated"), "test");
        var key = issued.get("secret").stringValue();
        var rotated = admin(http.post()
                        .uri(
                                "/admin/v1/api_keys/{id}/rotate",
                                issued.get("apiKey").get("id").stringValue())
                        .bodyValue(Map.of("graceSeconds", 0)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(rotated.get("apiKey").get("status").stringValue()).isEqualTo("active");
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("authentication_error");
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", rotated.get("secret").stringValue())
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
    }

    /** Protects against guards that compare raw path strings while routing matches decoded segments. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "/admin;x=1/v1/audit_log",
                "/%61dmin/v1/audit_log",
                "/admin/v1;x=1/audit_log",
                "//admin/v1/audit_log",
                "/admin/%76%31/audit_log",
                "/v1;x=1/products",
                "/%76%31/products",
                "//v1/products"
            })
    void shouldNeverServeGuardedRoutesThroughDisguisedPaths(String path) throws Exception {
        var response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isIn(401, 404);
        assertThat(response.body()).contains("\"code\"");
    }

    @Test
    void shouldAuthenticateUnknownV1RoutesBeforeSayingTheyDoNotExist() {
        http.get()
                .uri("/v1/nothing-here")
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .returnResult();
        http.get()
                .uri("/v1/nothing-here")
                .header("x-service-api-key", newMerchantKey("test"))
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("route_not_found");
    }
}
