package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.FaultRoutes;
import io.abk.billing.gateway.testkit.GatewayIT;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Every request gets an answer, whatever its chain does: a bug's exception or {@code Error} thrown in an operator's
 * function (map, filter, handle, doOnNext, a Flux's flatMap) is a prompt 500 {@code internal_error} with the request's
 * id, and a chain that never ends, or one Reactor lets a fatal Error escape from (a callable, Mono.flatMap's mapper),
 * is a 503 {@code request_timeout} by the request's deadline (billing.request-timeout of this context plus the margin).
 * Protects against the Errors Reactor throws instead of signalling (StackOverflowError, LinkageError), which left the
 * request unanswered, or its connection closed without an answer.
 */
class FaultAnswersIT extends GatewayIT {

    /** The deadline of this context: billing.request-timeout plus the margin. */
    private static final Duration DEADLINE =
            Duration.ofSeconds(REQUEST_TIMEOUT_SECONDS).plus(RequestDeadlineFilter.MARGIN);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "runtime-exception",
                "assertion-error",
                "stack-overflow",
                "stack-overflow-on-event-loop",
                "linkage-error"
            })
    void shouldAnswer500InternalErrorPromptlyWhenTheChainThrows(String fault) {
        long started = System.nanoTime();

        var answer = get(fault);

        var took = Duration.ofNanos(System.nanoTime() - started);
        assertThat(answer.status()).as(fault + " -> " + answer.body()).isEqualTo(500);
        assertThat(answer.body().get("code").stringValue()).isEqualTo("internal_error");
        assertThat(answer.body().get("requestId").stringValue())
                .isEqualTo(answer.requestId())
                .startsWith("req_");
        assertThat(took).as("a bug is answered at once, not by the deadline").isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void shouldAnswer503RequestTimeoutByTheDeadlineWhenTheChainNeverEnds() {
        // The three requests wait out their deadlines side by side: each is answered by its own deadline, so running
        // them at once shows the same as one after another, in one deadline's time.
        var faults = List.of("never", "stack-overflow-in-callable", "linkage-error-in-mono-flat-map");
        long started = System.nanoTime();

        List<Timed> answers;
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            var pending = faults.stream()
                    .map(fault -> CompletableFuture.supplyAsync(() -> timed(fault), threads))
                    .toList();
            answers = pending.stream().map(CompletableFuture::join).toList();
        }

        assertThat(Duration.ofNanos(System.nanoTime() - started))
                .as("the requests waited side by side")
                .isLessThan(DEADLINE.multipliedBy(2));
        for (int i = 0; i < faults.size(); i++) {
            var fault = faults.get(i);
            var answer = answers.get(i).answer();
            assertThat(answer.status()).as(fault + " -> " + answer.body()).isEqualTo(503);
            assertThat(answer.body().get("code").stringValue()).isEqualTo("request_timeout");
            assertThat(answer.body().get("requestId").stringValue()).isEqualTo(answer.requestId());
            assertThat(answers.get(i).took())
                    .as(fault)
                    .isGreaterThanOrEqualTo(DEADLINE.minusMillis(100))
                    .isLessThan(DEADLINE.plusSeconds(3));
        }
    }

    private record Timed(Answer answer, Duration took) {}

    private Timed timed(String fault) {
        long started = System.nanoTime();
        var answer = get(fault);
        return new Timed(answer, Duration.ofNanos(System.nanoTime() - started));
    }

    @Test
    void shouldAnswer500InternalErrorWhenAWriteEndsWithoutAnAnswer() {
        // Protects against a write answered 200 with an empty body: a status nobody set goes out as 200, and a client
        // reads that as done (a payment create was answered so while replicas stood still).
        var answer = post("no-answer");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(500);
        assertThat(answer.body().get("code").stringValue()).isEqualTo("internal_error");
        assertThat(answer.body().get("requestId").stringValue()).isEqualTo(answer.requestId());
    }

    @Test
    void shouldAnswer503WhenABackendConnectionBreaksWhileTheClientWaits() {
        // Protects against a backend's "connection reset by peer" taken for the client's abort: the request was left
        // without an answer, which went out as 200 with an empty body.
        var answer = post("backend-connection-reset");

        assertThat(answer.status()).as(answer.toString()).isEqualTo(503);
        assertThat(answer.body().get("code").stringValue()).isEqualTo("service_unavailable");
        assertThat(answer.body().get("requestId").stringValue()).isEqualTo(answer.requestId());
    }

    private Answer post(String fault) {
        var result = http.post()
                .uri(FaultRoutes.BASE + fault)
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult();
        var body = result.getResponseBody();
        assertThat(body)
                .as(fault + " answered " + result.getStatus() + " without a body")
                .isNotNull();
        return new Answer(
                result.getStatus().value(),
                body,
                String.valueOf(result.getResponseHeaders().getFirst(ApiHeaders.REQUEST_ID)));
    }

    private record Answer(int status, JsonNode body, String requestId) {}

    private Answer get(String fault) {
        var result = http.mutate()
                .responseTimeout(DEADLINE.plusSeconds(10))
                .build()
                .get()
                .uri(FaultRoutes.BASE + fault)
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult();
        return new Answer(
                result.getStatus().value(),
                result.getResponseBody(),
                String.valueOf(result.getResponseHeaders().getFirst(ApiHeaders.REQUEST_ID)));
    }
}
