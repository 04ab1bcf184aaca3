package io.abk.billing.opskit.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

class JsonErrorAnswersTest {

    private static final Duration DEADLINE = Duration.ofSeconds(5);

    @Test
    void shouldWriteStatusJsonHeadersAndBodyWhenTheResponseIsOpen() {
        var exchange = MockServerWebExchange.from(
                MockServerHttpRequest.post("/v1/things").body("{\"unread\":true}"));
        exchange.getResponse().getHeaders().setContentLength(99);

        JsonErrorAnswers.write(
                        exchange,
                        new IllegalStateException("bug"),
                        429,
                        headers -> headers.set(HttpHeaders.RETRY_AFTER, "3"),
                        "{\"error\":\"slow down\"}".getBytes(StandardCharsets.UTF_8))
                .block(DEADLINE);

        var response = exchange.getResponse();
        assertThat(response.getStatusCode().value()).isEqualTo(429);
        assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
        assertThat(response.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("3");
        // The content headers of whatever was being answered are gone: a stale length would cut the JSON short.
        assertThat(response.getHeaders().getContentLength()).isNotEqualTo(99);
        assertThat(response.getHeaders().getConnection()).isEmpty();
        assertThat(response.getBodyAsString().block(DEADLINE)).isEqualTo("{\"error\":\"slow down\"}");
    }

    @Test
    void shouldCloseTheConnectionWhenTheUnreadBodyIsTooLargeToDrain() {
        var exchange = MockServerWebExchange.from(MockServerHttpRequest.post("/v1/things")
                .contentLength(JsonErrorAnswers.MAX_DRAINED_BYTES + 1)
                .body("{}"));

        JsonErrorAnswers.write(exchange, new IllegalStateException("bug"), 413, headers -> {}, new byte[0])
                .block(DEADLINE);

        assertThat(exchange.getResponse().getHeaders().getConnection()).containsExactly("close");
        assertThat(exchange.getResponse().getStatusCode().value()).isEqualTo(413);
    }

    @Test
    void shouldPassTheFailureOnWhenTheResponseIsAlreadyCommitted() {
        var exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/v1/things"));
        exchange.getResponse().setComplete().block(DEADLINE);
        var thrown = new IllegalStateException("mid-stream");

        assertThatThrownBy(() -> JsonErrorAnswers.write(exchange, thrown, 500, headers -> {}, new byte[0])
                        .block(DEADLINE))
                .isSameAs(thrown);
    }

    @Test
    void shouldStartTheBodyWithErrorCodeAndParamInThatOrder() {
        assertThat(JsonErrorAnswers.body("amount is bad", "validation_error", "amount"))
                .containsExactly(
                        Map.entry("error", "amount is bad"),
                        Map.entry("code", "validation_error"),
                        Map.entry("param", "amount"));
        assertThat(JsonErrorAnswers.body("no route", "route_not_found", null)).containsOnlyKeys("error", "code");
    }

    @Test
    void shouldFindACauseWhenAFrameworkWrappedIt() {
        var wrapped = new RuntimeException(new UncheckedIOException(new IOException("cut")));

        assertThat(JsonErrorAnswers.hasCause(wrapped, IOException.class)).isTrue();
        assertThat(JsonErrorAnswers.hasCause(wrapped, IllegalArgumentException.class))
                .isFalse();
    }
}
