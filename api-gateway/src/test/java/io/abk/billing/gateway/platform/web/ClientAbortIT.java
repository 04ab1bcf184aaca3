package io.abk.billing.gateway.platform.web;

import static io.abk.billing.gateway.testkit.RawBytes.exchange;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.abk.billing.gateway.testkit.FaultRoutes;
import io.abk.billing.gateway.testkit.GatewayIT;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * An answer that can no longer be sent because the HTTP codec answered first (and closed the connection), or a client
 * that resets its connection while sending its body, is no failure of the gateway's: one INFO line naming the request,
 * no stack, no ERROR anywhere, and no 500 in the request metrics. Protects against such a request being logged as a 500
 * with Reactor Netty's AbortedException or Spring's "Status and headers already sent". The read answers half a second
 * late, so the codec's answer always comes first (a read answered at once could beat it, and did).
 */
class ClientAbortIT extends GatewayIT {

    /** A test-only read answered half a second after it is dispatched. */
    private static final String SLOW = FaultRoutes.BASE + "slow";

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

    @BeforeEach
    void captureLogs() {
        logged.start();
        root.addAppender(logged);
    }

    @AfterEach
    void releaseLogs() {
        root.detachAppender(logged);
    }

    @Test
    void shouldLogOneInfoLineAndNo500WhenTheHttpCodecAnswersBeforeTheRoute() throws IOException {
        var key = newMerchantKey("test");
        double serverErrorsBefore = serverErrors();

        // given a read dispatched at once and answered half a second later, whose undecodable chunked body the HTTP
        // codec answers with a 400 of its own in the meantime
        var answer = exchange(
                port,
                "GET " + SLOW + " HTTP/1.1\r\nHost: localhost\r\nx-service-api-key: " + key
                        + "\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n");
        assertThat(answer).startsWith("HTTP/1.1 400");

        // then the route's late answer (which finds the headers already sent) is one INFO line, without a stack
        var line = awaitTheOneLineOf(SLOW);
        assertThat(line.getLevel()).isEqualTo(Level.INFO);
        assertThat(line.getFormattedMessage())
                .startsWith("request refused by the HTTP codec requestId=req_")
                .contains("method=GET", "path=" + SLOW);
        assertThat(line.getThrowableProxy()).as("a stack trace").isNull();
        // and nothing logged an ERROR, nor counted a 500
        assertThat(events()).as("ERROR lines").noneMatch(event -> event.getLevel() == Level.ERROR);
        assertThat(serverErrors()).as("http.server.requests with status 500").isEqualTo(serverErrorsBefore);
    }

    @Test
    void shouldLogNoErrorWhenTheClientResetsTheConnectionWhileSendingItsBody() throws IOException {
        var key = newMerchantKey("test");
        int before = events().size();

        // when clients reset their connections half-way through their bodies
        for (int round = 0; round < 10; round++) {
            try (var socket = new Socket("localhost", port)) {
                socket.setSoLinger(true, 0);
                var body = "{\"name\":\"" + "x".repeat(60_000) + "\"}";
                socket.getOutputStream()
                        .write(("POST /v1/products HTTP/1.1\r\nHost: localhost\r\nx-service-api-key: "
                                        + (round % 2 == 0 ? key : "bad")
                                        + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
                                        + "\r\n\r\n" + body.substring(0, 30_000))
                                .getBytes(StandardCharsets.ISO_8859_1));
                socket.getOutputStream().flush();
            }
        }

        // then the gateway serves on, and logged no ERROR for them
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk();
        await().atMost(Duration.ofSeconds(10))
                .until(() -> events().stream()
                        .skip(before)
                        .anyMatch(event -> event.getFormattedMessage().startsWith("client aborted")));
        assertThat(events().stream().skip(before))
                .as("ERROR lines")
                .noneMatch(event -> event.getLevel() == Level.ERROR);
    }

    /** The one log line naming {@code path}, awaited until the gateway is done with the request. */
    private ILoggingEvent awaitTheOneLineOf(String path) {
        await().atMost(Duration.ofSeconds(10)).until(() -> !linesOf(path).isEmpty());
        var lines = linesOf(path);
        assertThat(lines).as("log lines of the request").hasSize(1);
        return lines.getFirst();
    }

    private List<ILoggingEvent> linesOf(String path) {
        return events().stream()
                .filter(event -> event.getFormattedMessage().contains("path=" + path))
                .toList();
    }

    private double serverErrors() {
        return meters.find("http.server.requests").tag("status", "500").timers().stream()
                .mapToDouble(timer -> timer.count())
                .sum();
    }

    private List<ILoggingEvent> events() {
        synchronized (logged.list) {
            return List.copyOf(logged.list);
        }
    }
}
