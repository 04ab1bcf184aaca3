package io.abk.billing.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ChildJvm;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.webhooks.testkit.Fixtures;
import io.abk.billing.webhooks.testkit.Receiver;
import io.abk.billing.webhooks.testkit.SenderInfra;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * The sender runs in a child JVM that is killed (SIGKILL) mid-delivery and started again: every event is
 * delivered at least once. It has a broker of its own, so the shared in-process sender takes no part.
 */
class CrashIT {

    @Test
    void shouldDeliverEveryEventAtLeastOnceWhenTheSenderIsKilledMidDeliveryAndRestarted() throws Exception {
        try (var broker = SenderInfra.newBroker();
                var receiver = Receiver.start(n -> {
                    pause(50);
                    return 200;
                })) {
            var jdbcUrl = SenderInfra.newDatabase();
            Flyway.configure()
                    .dataSource(jdbcUrl, "postgres", "")
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();
            var jdbc = SenderInfra.jdbc(jdbcUrl);
            var merchant = Fixtures.merchant(jdbc);
            Fixtures.endpoint(jdbc, merchant, Mode.TEST, receiver.url());
            var settings = new java.util.HashMap<>(SenderInfra.settings(broker.bootstrapServers(), jdbcUrl));
            // 20 attempts of 50 ms at a time: about 400 deliveries a second, so the kill lands mid-way.
            settings.put("BILLING_WEBHOOKS_MAX_IN_FLIGHT", "20");
            // The broker's minimum: the killed sender's partitions move to the restarted one after 6 s, not 45 s.
            settings.put("BILLING_KAFKA_SESSION_TIMEOUT", "6s");
            var events = Fixtures.events(1_000, merchant, Mode.TEST, "invoice.created");
            var ids =
                    events.stream().map(event -> event.getEventId().toString()).collect(Collectors.toSet());

            var first = child(settings, "first");
            Fixtures.produce(broker.bootstrapServers(), events);
            await().atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(10))
                    .until(() -> receiver.deliveredCount() >= 200);
            first.destroyForcibly();
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            int deliveredBeforeRestart = receiver.deliveredCount();
            assertThat(deliveredBeforeRestart).as("killed mid-delivery").isLessThan(1_000);

            var second = child(settings, "second");
            try {
                await().atMost(Duration.ofSeconds(120)).until(() -> receiver.deliveredCount() == 1_000);
                assertThat(receiver.deliveredIds()).isEqualTo(ids);
                System.out.printf(
                        "crash: delivered before the kill=%d, requests in all=%d, distinct events=%d%n",
                        deliveredBeforeRestart, receiver.requestCount(), receiver.deliveredCount());
            } finally {
                second.destroy();
                if (!second.waitFor(60, TimeUnit.SECONDS)) {
                    second.destroyForcibly();
                }
            }
            assertThat(Files.readString(Path.of("target/crash-it-second-sender.log")))
                    .as("a stop (SIGTERM) drains the attempts in flight")
                    .contains("shutdown=drained");
        }
    }

    private static Process child(Map<String, String> settings, String name) throws IOException {
        return ChildJvm.start(
                WebhookSenderApplication.class, settings, Path.of("target/crash-it-" + name + "-sender.log"));
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis); // the receiver's own slowness, not synchronisation
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
