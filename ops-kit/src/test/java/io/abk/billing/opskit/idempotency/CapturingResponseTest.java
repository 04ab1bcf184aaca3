package io.abk.billing.opskit.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpResponse;
import reactor.core.publisher.Mono;

class CapturingResponseTest {

    private record Captured(int status, String body) {}

    private final List<Captured> captured = new ArrayList<>();
    private final MockServerHttpResponse delegate = new MockServerHttpResponse();
    private final CapturingResponse response = new CapturingResponse(delegate, (status, body) -> {
        captured.add(new Captured(status, new String(body, StandardCharsets.UTF_8)));
        return Mono.empty();
    });

    @Test
    void shouldNotCaptureACompletionWithoutAStatus() {
        // Protects against an empty 200 kept as an Idempotency-Key's answer and replayed to every retry, when the
        // request's chain ended without answering.
        response.setComplete().block();

        assertThat(captured).isEmpty();
        assertThat(response.wasCaptured()).isFalse();
    }

    @Test
    void shouldCaptureACompletionWithAStatusAsAnEmptyAnswer() {
        response.setStatusCode(HttpStatus.NO_CONTENT);

        response.setComplete().block();

        assertThat(captured).containsExactly(new Captured(204, ""));
    }

    @Test
    void shouldCaptureAWrittenBodyBeforeItGoesOut() {
        response.setStatusCode(HttpStatus.CREATED);

        response.writeWith(Mono.just(delegate.bufferFactory().wrap("{\"id\":1}".getBytes(StandardCharsets.UTF_8))))
                .block();

        assertThat(captured).containsExactly(new Captured(201, "{\"id\":1}"));
        assertThat(delegate.getBodyAsString().block()).isEqualTo("{\"id\":1}");
    }
}
