package io.abk.billing.localstack.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The readiness wait against a real HTTP server that answers like the gateway's actuator. */
class ReadinessTest {

    private static final String DOWN = """
            {"status":"DOWN","components":{"r2dbc":{"status":"UP"},"kafka":{"status":"DOWN","details":{"error":"no broker"}}}}""";
    private static final String UP = """
            {"status":"UP","components":{"r2dbc":{"status":"UP"},"kafka":{"status":"UP"}}}""";

    private final AtomicInteger downAnswersLeft = new AtomicInteger();
    private HttpServer server;
    private String baseUrl;

    @BeforeEach
    void startServer() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/actuator/health", exchange -> {
            var down = downAnswersLeft.getAndDecrement() > 0;
            var body = (down ? DOWN : UP).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(down ? 503 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        baseUrl = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    @Test
    void shouldReturnOnceTheGatewayTurnsUpWhenItWasDownAtFirst() {
        downAnswersLeft.set(3);

        var report = Readiness.awaitUp(baseUrl, Duration.ofSeconds(30), () -> true);

        assertThat(report.isUp()).isTrue();
        assertThat(downAnswersLeft.get()).isNegative();
    }

    @Test
    void shouldNameTheComponentNotUpWhenTheDeadlinePasses() {
        downAnswersLeft.set(Integer.MAX_VALUE);

        assertThatThrownBy(() -> Readiness.awaitUp(baseUrl, Duration.ofSeconds(1), () -> true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not ready within 1 s")
                .hasMessageContaining("kafka=DOWN")
                .hasMessageContaining("no broker")
                .hasMessageNotContaining("r2dbc");
    }

    @Test
    void shouldFailAtOnceWhenTheStreamsAppStopped() {
        downAnswersLeft.set(Integer.MAX_VALUE);

        assertThatThrownBy(() -> Readiness.awaitUp(baseUrl, Duration.ofSeconds(60), () -> false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("billing-streams stopped");
    }

    @Test
    void shouldFailAtOnceNamingTheServiceWhenSettlementStopped() {
        downAnswersLeft.set(Integer.MAX_VALUE);
        var alive = new LinkedHashMap<String, BooleanSupplier>();
        alive.put("billing-streams", () -> true);
        alive.put("chain-indexer", () -> false);

        assertThatThrownBy(() -> Readiness.awaitUp(baseUrl, Duration.ofSeconds(60), alive))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("chain-indexer stopped")
                .hasMessageNotContaining("billing-streams");
    }

    @Test
    void shouldSayTheGatewayIsNotAnsweringWhenNothingListens() {
        server.stop(0);

        assertThatThrownBy(() -> Readiness.awaitUp(baseUrl, Duration.ofSeconds(1), () -> true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("gateway not answering");
    }

    @Test
    void shouldReturnOnceTheServiceRunsWhenItWasStartingAtFirst() {
        var checksLeft = new AtomicInteger(3);

        Readiness.awaitRunning("renewal-scheduler", Duration.ofSeconds(30), () -> checksLeft.getAndDecrement() <= 0);

        assertThat(checksLeft.get()).isNegative();
    }

    @Test
    void shouldNameTheServiceWhenItNeverRunsBeforeTheDeadline() {
        assertThatThrownBy(() -> Readiness.awaitRunning("renewal-scheduler", Duration.ofMillis(300), () -> false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not running: renewal-scheduler");
    }
}
