package io.abk.billing.gateway.idempotency;

import java.util.concurrent.atomic.AtomicBoolean;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A response that hands its status and whole body to a {@link Sink} before any of it goes to the client, so the
 * idempotency record holds the response by the time the client can send a repeat. Bodies here are small JSON
 * documents (at most a page of a list), so holding one in memory is fine.
 */
final class CapturingResponse extends ServerHttpResponseDecorator {

    /** Receives the response once; the response is written after the returned Mono completes. */
    @FunctionalInterface
    interface Sink {
        Mono<Void> captured(int status, byte[] body);
    }

    private final Sink sink;
    private final AtomicBoolean captured = new AtomicBoolean();

    CapturingResponse(ServerHttpResponse delegate, Sink sink) {
        super(delegate);
        this.sink = sink;
    }

    boolean wasCaptured() {
        return captured.get();
    }

    @Override
    public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
        // No limit: this gateway's own responses are small JSON documents (see above).
        return Bodies.read(body, -1)
                .flatMap(bytes -> capture(bytes)
                        .then(super.writeWith(
                                Mono.fromSupplier(() -> bufferFactory().wrap(bytes)))));
    }

    @Override
    public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> body) {
        return writeWith(Flux.from(body).concatMap(Flux::from));
    }

    @Override
    public Mono<Void> setComplete() {
        return capture(new byte[0]).then(super.setComplete());
    }

    private Mono<Void> capture(byte[] body) {
        if (!captured.compareAndSet(false, true)) {
            return Mono.empty();
        }
        var status = getStatusCode();
        return sink.captured(status == null ? 200 : status.value(), body);
    }
}
