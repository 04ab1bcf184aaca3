package io.abk.billing.opskit.idempotency;

import io.abk.billing.opskit.web.StatusTrackingResponse;
import java.util.concurrent.atomic.AtomicBoolean;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.server.reactive.ServerHttpResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A response that hands its status and whole body to a {@link Sink} before any of it goes to the client, so the
 * idempotency record holds the response by the time the client can send a repeat. The services' bodies are small
 * JSON documents (at most a page of a list), so holding one in memory is fine.
 */
public final class CapturingResponse extends StatusTrackingResponse {

    /** Receives the response once; the response is written after the returned Mono completes. */
    @FunctionalInterface
    public interface Sink {
        Mono<Void> captured(int status, byte[] body);
    }

    private final Sink sink;
    private final AtomicBoolean captured = new AtomicBoolean();

    public CapturingResponse(ServerHttpResponse delegate, Sink sink) {
        super(delegate);
        this.sink = sink;
    }

    public boolean wasCaptured() {
        return captured.get();
    }

    @Override
    public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
        // No limit: the services' own responses are small JSON documents (see above).
        return Bodies.read(body, -1)
                .flatMap(bytes -> capture(bytes)
                        .then(super.writeWith(
                                Mono.fromSupplier(() -> bufferFactory().wrap(bytes)))));
    }

    @Override
    public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> body) {
        return writeWith(Flux.from(body).concatMap(Flux::from));
    }

    /**
     * A response completed without a body is an answer only when a status was set on it: one without (a chain that
     * ended without answering, which the server would send as a 200) is not captured, so it never becomes the key's
     * answer, replayed to every retry.
     */
    @Override
    public Mono<Void> setComplete() {
        return statusSet() ? capture(new byte[0]).then(super.setComplete()) : super.setComplete();
    }

    private Mono<Void> capture(byte[] body) {
        if (!captured.compareAndSet(false, true)) {
            return Mono.empty();
        }
        // A body written without a status set is the 200 it goes out as.
        var status = getStatusCode();
        return sink.captured(status == null ? 200 : status.value(), body);
    }
}
