package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.services.WebhookSenderService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The webhook sender inside the stack's JVM has no management port: the gateway's health carries its listener
 * containers. It stops part of the shared stack's sender (and starts it again), so it runs alone ({@code @Isolated}),
 * among the classes that do while the shared stack still runs ({@link #ORDER}).
 */
@ExtendWith(SharedStack.class)
@Order(WebhookSenderHealthIT.ORDER)
@Isolated
class WebhookSenderHealthIT {

    /** Before the fuzz, with the other classes that run alone on the shared stack. */
    static final int ORDER = HostileInputFuzzIT.ORDER - 1;

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Health is computed per request; the deadline covers a slow request on a busy 2-core machine. */
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    /** Protects against a real bug: inside the stack a stopped listener container left webhooks unsent, health UP. */
    @Test
    void shouldReportTheWebhookSenderDownWhenOneOfItsListenerContainersStopsAndUpWhenItRunsAgain(LocalStack stack)
            throws Exception {
        var errors = new Collected();
        errors.start();
        // Until logging has started (another class of the JVM may be starting it right now), SLF4J hands out a
        // stand-in logger that takes no appender.
        var watchLog = (Logger) await().atMost(DEADLINE)
                .until(() -> LoggerFactory.getLogger(WebhookSenderService.class), Logger.class::isInstance);
        watchLog.addAppender(errors);
        var sender = stack.webhookSender().orElseThrow();
        var fanOut =
                sender.context().getBean(KafkaListenerEndpointRegistry.class).getListenerContainer("webhook-fanout");
        assertThat(fanOut).isNotNull();
        try (var http = HttpClient.newHttpClient()) {
            // given a running stack, UP with its webhook sender
            assertThat(component(health(http, stack), "webhookSender")).isEqualTo("UP");

            // when the fan-out of billing.events stops inside the sender
            fanOut.stop();

            // then the stack's health turns DOWN and names the stopped container
            await().atMost(DEADLINE).untilAsserted(() -> {
                var health = health(http, stack);
                assertThat(health.path("status").asString()).isEqualTo("DOWN");
                assertThat(component(health, "webhookSender")).isEqualTo("DOWN");
                assertThat(health.path("components")
                                .path("webhookSender")
                                .path("details")
                                .path("stopped")
                                .toString())
                        .contains("webhook-fanout");
            });
            assertThat(sender.stoppedParts()).containsExactly("webhook-fanout");
            // and the stack's log says so at ERROR, for whoever watches the log rather than the health
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(errors.events).anySatisfy(event -> {
                        assertThat(event.getLevel()).isEqualTo(Level.ERROR);
                        assertThat(event.getFormattedMessage())
                                .contains("event=webhook_sender_part_stopped", "webhook-fanout");
                    }));

            // and once it runs again, UP again
            fanOut.start();
            await().atMost(DEADLINE)
                    .untilAsserted(
                            () -> assertThat(health(http, stack).path("status").asString())
                                    .isEqualTo("UP"));
        } finally {
            watchLog.detachAppender(errors);
            // the classes after this one find the shared stack's sender whole, whatever happened here
            fanOut.start();
        }
    }

    /** The events logged, kept safe to read while the sender's watch thread appends. */
    private static final class Collected extends AppenderBase<ILoggingEvent> {

        final List<ILoggingEvent> events = new CopyOnWriteArrayList<>();

        @Override
        protected void append(ILoggingEvent event) {
            events.add(event);
        }
    }

    private static JsonNode health(HttpClient http, LocalStack stack) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(stack.baseUrl() + "/actuator/health"))
                .timeout(Duration.ofSeconds(10))
                .GET()
                .build();
        return JSON.readTree(
                http.send(request, HttpResponse.BodyHandlers.ofString()).body());
    }

    private static String component(JsonNode health, String name) {
        return health.path("components").path(name).path("status").asString();
    }
}
