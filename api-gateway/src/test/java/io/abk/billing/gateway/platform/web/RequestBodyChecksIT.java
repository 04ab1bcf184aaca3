package io.abk.billing.gateway.platform.web;

import static io.abk.billing.gateway.testkit.RawBytes.concat;
import static io.abk.billing.gateway.testkit.RawBytes.exchange;
import static io.abk.billing.gateway.testkit.RawBytes.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.abk.billing.gateway.testkit.GatewayIT;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.web.server.adapter.HttpWebHandlerAdapter;
import tools.jackson.databind.JsonNode;

/**
 * Request bodies that are broken below JSON: bytes that are not UTF-8 although the JSON parser would decode them,
 * and a chunked body the HTTP codec cannot decode. No handler may act on either.
 */
class RequestBodyChecksIT extends GatewayIT {

    @LocalServerPort
    int port;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final List<Logger> watched = List.of((Logger) LoggerFactory.getLogger(ApiErrorHandler.class), (Logger)
            LoggerFactory.getLogger(HttpWebHandlerAdapter.class));
    private Level errorHandlerLevel;

    @BeforeEach
    void captureLogs() {
        logged.start();
        watched.forEach(logger -> logger.addAppender(logged));
        errorHandlerLevel = watched.getFirst().getLevel();
        watched.getFirst().setLevel(Level.DEBUG);
    }

    @AfterEach
    void releaseLogs() {
        watched.forEach(logger -> logger.detachAppender(logged));
        watched.getFirst().setLevel(errorHandlerLevel);
    }

    @ParameterizedTest
    @ValueSource(strings = {"c0 af", "e0 80 af", "ed a0 80"})
    void shouldRefuseWithInvalidJsonAndCreateNothingWhenAStringValueHoldsOverlongOrSurrogateUtf8(String hex) {
        // protects against the JSON parser decoding an overlong '/' or an encoded surrogate as if it were valid UTF-8
        var key = newMerchantKey("test");

        // when a create's name holds the bytes
        var response = http.post()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(concat(bytes("{\"name\":\"plan"), hex(hex), bytes("\"}")))
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult();

        // then it is refused before the handler acts, and nothing was created
        assertThat(response.getStatus().value()).as(hex).isEqualTo(400);
        assertThat(response.getResponseBody().path("code").asString()).isEqualTo(ErrorCodes.INVALID_JSON);
        assertThat(response.getResponseBody().path("error").asString()).isNotBlank();
        assertThat(products(key)).as("products after the refused create").isEmpty();

        // while the same create with well-formed UTF-8 there is created
        http.post()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(concat(bytes("{\"name\":\"plan"), bytes("é€💩"), bytes("\"}")))
                .exchange()
                .expectStatus()
                .isCreated();
        assertThat(products(key)).hasSize(1);
    }

    @Test
    void shouldNotActOnARequestWhoseChunkedBodyTheHttpCodecCannotDecode() throws IOException {
        // protects against a route with an optional body acting on a broken body as if none was sent: the codec
        // answered
        // 400, but the request was already dispatched, and a rotation without a body revoked the key at once
        var merchant = createMerchant("broken chunk");
        var issued = createKey(merchant, "test");
        var keyId = issued.at("/apiKey/id").asString();
        var secret = issued.path("secret").asString();

        // when a rotation of the key arrives with a chunk size that is no number
        var path = "/admin/v1/api_keys/" + keyId + "/rotate";
        var answer = exchange(
                port,
                "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + ADMIN_TOKEN
                        + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n");

        // then it is refused, and once the gateway is done with it, the key was not rotated and nothing failed
        assertThat(answer).startsWith("HTTP/1.1 400");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> events().stream()
                        .anyMatch(event -> event.getFormattedMessage().contains(path)));
        assertThat(events())
                .as("log lines of the gateway's error handling")
                .noneMatch(event -> event.getLevel() == Level.ERROR);
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", secret)
                .exchange()
                .expectStatus()
                .isOk();
        var keys = admin(http.get().uri("/admin/v1/merchants/{id}/api_keys", merchant))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .path("apiKeys");
        assertThat(keys).as("the merchant's keys: the one issued, not rotated").hasSize(1);
    }

    private List<ILoggingEvent> events() {
        synchronized (logged.list) {
            return List.copyOf(logged.list);
        }
    }

    private JsonNode products(String key) {
        return http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .path("products");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
