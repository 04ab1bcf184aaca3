package io.abk.billing.opskit.idempotency;

import java.nio.charset.StandardCharsets;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The two ends of a request with an {@code Idempotency-Key}: its body read again by the handler, its answer replayed. */
public final class KeyedExchange {

    /** Set on every answer that repeats a stored one. */
    public static final String REPLAYED_HEADER = "Idempotent-Replayed";

    private KeyedExchange() {}

    /**
     * {@code exchange} with its request's body, already read into {@code body} (to fingerprint it), given to the
     * handler again. No body stays no body: one empty buffer would reach the JSON decoder as malformed JSON.
     */
    public static ServerWebExchange.Builder withBody(ServerWebExchange exchange, byte[] body) {
        var request = new ServerHttpRequestDecorator(exchange.getRequest()) {
            @Override
            public Flux<DataBuffer> getBody() {
                return body.length == 0
                        ? Flux.empty()
                        : Flux.defer(() ->
                                Flux.just(exchange.getResponse().bufferFactory().wrap(body)));
            }
        };
        return exchange.mutate().request(request);
    }

    /** Answers the stored {@code status} and JSON {@code body} (none when empty) again, marked as a replay. */
    public static Mono<Void> replay(ServerWebExchange exchange, int status, String body) {
        var response = exchange.getResponse();
        response.setStatusCode(HttpStatusCode.valueOf(status));
        response.getHeaders().set(REPLAYED_HEADER, "true");
        if (body.isEmpty()) {
            return response.setComplete();
        }
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        var bytes = body.getBytes(StandardCharsets.UTF_8);
        return response.writeWith(
                Mono.fromSupplier(() -> response.bufferFactory().wrap(bytes)));
    }
}
