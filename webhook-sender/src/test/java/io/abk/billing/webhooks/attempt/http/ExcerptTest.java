package io.abk.billing.webhooks.attempt.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.netty.ByteBufFlux;

class ExcerptTest {

    @Test
    void shouldKeepFirst1024CharactersWhenBodyIsLonger() {
        var text = Excerpt.text("a".repeat(2000).getBytes(StandardCharsets.UTF_8));

        assertThat(text).hasSize(Excerpt.MAX_CHARS);
    }

    @Test
    void shouldNotSplitSurrogatePairWhenCutFallsInsideIt() {
        var body = "a".repeat(Excerpt.MAX_CHARS - 1) + "\uD83D\uDE80" + "tail";

        var text = Excerpt.text(body.getBytes(StandardCharsets.UTF_8));

        assertThat(text).isEqualTo("a".repeat(Excerpt.MAX_CHARS - 1));
    }

    @Test
    void shouldReplaceNulAndBadUtf8WhenBodyIsBinary() {
        var text = Excerpt.text(new byte[] {'o', 0, 'k', (byte) 0xff});

        assertThat(text).isEqualTo("o\uFFFDk\uFFFD");
    }

    @Test
    void shouldStopReadingAtMaxBytesWhenBodyIsEndless() {
        var chunks = Flux.range(0, 1_000_000).map(i -> "0123456789".repeat(100).getBytes(StandardCharsets.UTF_8));
        var read = new java.util.concurrent.atomic.AtomicInteger();

        var text = Excerpt.read(ByteBufFlux.fromInbound(chunks.doOnNext(c -> read.incrementAndGet())))
                .block();

        assertThat(text).hasSize(Excerpt.MAX_CHARS);
        // A protection against reading a huge body into memory: 4 KiB is 5 chunks of 1,000 bytes.
        assertThat(read.get()).isLessThanOrEqualTo(6);
    }
}
