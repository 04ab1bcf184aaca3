package io.abk.billing.opskit.idempotency;

import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import reactor.core.publisher.Mono;

/** Whole request and response bodies as bytes: an idempotency filter fingerprints the one and stores the other. */
public final class Bodies {

    private Bodies() {}

    /**
     * All of {@code body} as one array (empty for no body), its buffers released.
     *
     * @param maxBytes the most to hold, past which the Mono fails with a {@code DataBufferLimitException}; -1: no limit
     */
    public static Mono<byte[]> read(Publisher<? extends DataBuffer> body, int maxBytes) {
        return DataBufferUtils.join(body, maxBytes)
                .map(buffer -> {
                    var bytes = new byte[buffer.readableByteCount()];
                    buffer.read(bytes);
                    DataBufferUtils.release(buffer);
                    return bytes;
                })
                .defaultIfEmpty(new byte[0]);
    }
}
