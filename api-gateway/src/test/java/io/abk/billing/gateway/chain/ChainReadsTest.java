package io.abk.billing.gateway.chain;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.schemas.avro.Mode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The deadline of a chain read: a node that takes the request and never answers holds nobody past it. */
class ChainReadsTest {

    @Test
    void shouldAnswerNothingWithinTheDeadlineWhenTheNodeNeverAnswers() throws IOException {
        var release = new CountDownLatch(1);
        var server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        server.start();
        var url = "http://127.0.0.1:" + server.getAddress().getPort();
        var reads = new ChainReads(new ChainsProperties(
                new ChainsProperties.Chain(
                        "Silent",
                        31337L,
                        MandateReadingTest.TOKEN,
                        MandateReadingTest.VAULT,
                        url,
                        null,
                        List.of(),
                        null,
                        1),
                null));
        try {
            var started = System.nanoTime();

            var answer = reads.mandate(Mode.TEST, MandateReadingTest.WALLET, MandateReadingTest.REF)
                    .blockOptional(Duration.ofSeconds(10));

            var took = Duration.ofNanos(System.nanoTime() - started);
            assertThat(answer).isEmpty();
            assertThat(took).isGreaterThanOrEqualTo(ChainReads.DEADLINE.minusMillis(100));
            assertThat(took).isLessThan(ChainReads.DEADLINE.plusSeconds(1));
        } finally {
            release.countDown();
            reads.destroy();
            server.stop(0);
        }
    }

    @Test
    void shouldTryEachOfSeveralCommaSeparatedUrlsInOrder() {
        assertThat(ChainReads.urls("https://a.example.test/k1, https://b.example.test/k2,"))
                .containsExactly("https://a.example.test/k1", "https://b.example.test/k2");
        assertThat(ChainReads.urls("http://127.0.0.1:8545")).containsExactly("http://127.0.0.1:8545");
    }

    @Test
    void shouldReadNothingWhenTheModeHasNoRpcUrl() {
        var reads = new ChainReads(ChainsProperties.DEFAULTS);

        assertThat(reads.mandate(Mode.LIVE, MandateReadingTest.WALLET, MandateReadingTest.REF)
                        .blockOptional(Duration.ofSeconds(1)))
                .isEmpty();
    }
}
