package io.abk.billing.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.webhooks.testkit.Fixtures;
import io.abk.billing.webhooks.testkit.Receiver;
import io.abk.billing.webhooks.testkit.SenderInfra;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A thousand events produced at once to one local receiver are all delivered, and the rate is printed (not asserted:
 * the machine is shared; the bench's webhook scenario is where the rate is measured).
 */
class ThroughputIT {

    private static final int EVENTS = 1_000;

    @Test
    void shouldDeliverEveryEventWhenAThousandAreProducedAtOnce() {
        var sender = SenderInfra.sender();
        try (var receiver = Receiver.ok()) {
            var merchant = Fixtures.merchant(sender.jdbc());
            Fixtures.endpoint(sender.jdbc(), merchant, Mode.TEST, receiver.url());
            var events = Fixtures.events(EVENTS, merchant, Mode.TEST, "invoice.created");

            long started = System.nanoTime();
            Fixtures.produce(sender.bootstrapServers(), events);
            long produced = System.nanoTime();
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> sender.jdbc()
                                    .queryForObject(
                                            "SELECT count(*) FROM events WHERE merchant_id = ?",
                                            Integer.class,
                                            merchant)
                            == EVENTS);
            long logged = System.nanoTime();
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> receiver.deliveredCount() == EVENTS);
            long delivered = System.nanoTime();

            double seconds = (delivered - started) / 1e9;
            System.out.printf(
                    "throughput: events=%d produced_in=%.2fs all_in_event_log_in=%.2fs delivered_in=%.2fs"
                            + " rate=%.0f events/s (produce to last delivery)%n",
                    EVENTS, (produced - started) / 1e9, (logged - started) / 1e9, seconds, EVENTS / seconds);
            assertThat(receiver.requestCount()).isGreaterThanOrEqualTo(EVENTS);
        }
    }
}
