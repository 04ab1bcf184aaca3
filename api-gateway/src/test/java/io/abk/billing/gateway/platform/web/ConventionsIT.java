package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;

/**
 * The API's conventions (docs/api.md) on every kind of response: request ids, Service-Version, and the error body for
 * each failure.
 */
class ConventionsIT extends GatewayIT {

    @LocalServerPort
    int port;

    private String key;

    @BeforeEach
    void key() {
        key = newMerchantKey("test");
    }

    @Test
    void shouldStampRequestIdAndVersionOnSuccessAndErrorResponses() {
        var okId = stamped(http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk());
        var unauthorized =
                stamped(http.get().uri("/v1/products").exchange().expectStatus().isUnauthorized());
        stamped(http.get().uri("/nowhere").exchange().expectStatus().isNotFound());
        stamped(admin(http.get().uri("/admin/v1/audit_log?limit=1"))
                .exchange()
                .expectStatus()
                .isOk());
        stamped(http.get().uri("/actuator/health").exchange());
        assertThat(okId).isNotEqualTo(unauthorized);
        var body = http.get()
                .uri("/v1/products")
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult();
        assertThat(body.getResponseBody().get("requestId").stringValue())
                .isEqualTo(body.getResponseHeaders().getFirst("x-request-id"));
    }

    @Test
    void shouldServeSupportedVersionAndRefuseOthers() {
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .header("Service-Version", "2026-01-01")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
        for (var version : new String[] {"2025-01-01", "latest", "", "2026-01-01x"}) {
            error(
                    http.get()
                            .uri("/v1/products")
                            .header("x-service-api-key", key)
                            .header("Service-Version", version)
                            .exchange(),
                    400,
                    "unsupported_api_version");
        }
        admin(http.get().uri("/admin/v1/audit_log").header("Service-Version", "1999-01-01"))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .returnResult();
    }

    @Test
    void shouldAnswer400InvalidJsonWhenBodyIsNotJson() {
        error(post("{\"name\": ", MediaType.APPLICATION_JSON), 400, "invalid_json");
        error(post("{'name': 'single quotes'}", MediaType.APPLICATION_JSON), 400, "invalid_json");
    }

    @Test
    void shouldAnswer413WhenBodyIsOver64KibWithOrWithoutLength() {
        var big = "{\"name\":\"" + "x".repeat(65 * 1024) + "\"}";
        error(post(big, MediaType.APPLICATION_JSON), 413, "payload_too_large");
        // Chunked: no Content-Length, so only the codec's in-memory limit can catch it.
        var factory = DefaultDataBufferFactory.sharedInstance;
        Flux<DataBuffer> chunks = Flux.range(0, 70)
                .map(i -> factory.wrap((i == 0
                                ? "{\"name\":\"" + "x".repeat(1014)
                                : i == 69 ? "x".repeat(1022) + "\"}" : "x".repeat(1024))
                        .getBytes(StandardCharsets.UTF_8)));
        var chunked = http.post()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .body(chunks, DataBuffer.class)
                .exchange();
        error(chunked, 413, "payload_too_large");
        // Just under the limit is fine.
        var fits = "{\"name\":\"fits\",\"description\":\"" + "d".repeat(900) + "\",\"pad\":\"" + "p".repeat(60_000)
                + "\"}";
        post(fits, MediaType.APPLICATION_JSON)
                .expectStatus()
                .isCreated()
                .expectBody()
                .returnResult();
    }

    @Test
    void shouldAnswer415ForNonJsonAndReadMissingContentTypeAsJson() throws Exception {
        error(post("name=x", MediaType.TEXT_PLAIN), 415, "unsupported_media_type");
        error(post("<name>x</name>", MediaType.APPLICATION_XML), 415, "unsupported_media_type");
        // A malformed Content-Type (our own client refuses to send one, so use a plain one).
        var raw = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/v1/products"))
                                .header("x-service-api-key", key)
                                .header("Content-Type", "not a media type")
                                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"x\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(raw.statusCode()).isEqualTo(415);
        assertThat(raw.body()).contains("\"code\":\"unsupported_media_type\"");
        // curl -d without -H: no Content-Type at all is read as JSON.
        http.post()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .body(
                        Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(
                                "{\"name\":\"no type\"}".getBytes(StandardCharsets.UTF_8))),
                        DataBuffer.class)
                .headers(h -> h.remove("Content-Type"))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody()
                .returnResult();
    }

    @Test
    void shouldAnswerRouteNotFoundAndMethodNotAllowed() {
        error(http.get().uri("/no/such/route").exchange(), 404, "route_not_found");
        error(
                http.get()
                        .uri("/v1/no-such-route")
                        .header("x-service-api-key", key)
                        .exchange(),
                404,
                "route_not_found");
        var notAllowed = http.delete()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange();
        error(notAllowed, 405, "method_not_allowed");
        http.delete()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectHeader()
                .valueMatches("Allow", ".*GET.*")
                .expectBody()
                .returnResult();
    }

    @Test
    void shouldIgnoreUnknownFields() {
        // 201s carry the stamped headers too (ResponseEntity headers are merged, not replacing ours).
        stamped(post("{\"name\":\"extra\",\"color\":\"blue\",\"nested\":{\"a\":[1,2]}}", MediaType.APPLICATION_JSON)
                .expectStatus()
                .isCreated());
        stamped(admin(http.post().uri("/admin/v1/merchants").bodyValue(Map.of("name", "Extra", "unknown", 1)))
                .exchange()
                .expectStatus()
                .isCreated());
    }

    private ResponseSpec post(String body, MediaType type) {
        return http.post()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .contentType(type)
                .bodyValue(body)
                .exchange();
    }

    /** Checks the shared error shape: status, JSON {error, code, requestId}, the stamped headers. */
    private static void error(ResponseSpec response, int status, String code) {
        var result = headers(response.expectStatus().isEqualTo(status))
                .expectHeader()
                .contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                .expectBody(JsonNode.class)
                .returnResult();
        var body = result.getResponseBody();
        assertThat(body.get("code").stringValue()).isEqualTo(code);
        assertThat(body.get("error").stringValue()).isNotBlank();
        assertThat(body.get("requestId").stringValue())
                .isEqualTo(result.getResponseHeaders().getFirst("x-request-id"));
    }

    /** Checks the headers every response carries and returns its request id. */
    private static String stamped(ResponseSpec response) {
        return headers(response)
                .expectBody()
                .returnResult()
                .getResponseHeaders()
                .getFirst("x-request-id");
    }

    private static ResponseSpec headers(ResponseSpec response) {
        return response.expectHeader()
                .valueEquals("Service-Version", "2026-01-01")
                .expectHeader()
                .valueMatches("x-request-id", "req_[0-9a-z]{26}");
    }
}
