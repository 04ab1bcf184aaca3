package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.webhooks.testkit.Fixtures;
import io.abk.billing.webhooks.testkit.Receiver;
import io.abk.billing.webhooks.testkit.SenderInfra;
import java.time.Duration;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Deliveries wait in the retry topics while the receiver is down, and all arrive once it is back. */
class ReceiverDownIT {

    private final SenderInfra.Sender sender = SenderInfra.sender();

    @Test
    void shouldDeliverEveryEventWhenTheReceiverComesBackAfterBeingDownWhileTheyWereProduced() {
        try (var receiver = Receiver.down(n -> 200)) {
            var jdbc = sender.jdbc();
            var merchant = Fixtures.merchant(jdbc);
            var endpoint = Fixtures.endpoint(jdbc, merchant, Mode.TEST, receiver.url());
            var events = Fixtures.events(1_000, merchant, Mode.TEST, "invoice.created");
            var ids =
                    events.stream().map(event -> event.getEventId().toString()).collect(Collectors.toSet());

            Fixtures.produce(sender.bootstrapServers(), events);
            // Every event has been tried and refused at least once before the receiver comes up.
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> jdbc.queryForObject(
                                    "SELECT count(DISTINCT event_id) FROM webhook_delivery_attempts WHERE endpoint_id = ? AND outcome = 'failed'",
                                    Integer.class,
                                    endpoint)
                            == 1_000);
            receiver.listen();

            await().atMost(Duration.ofSeconds(60)).until(() -> receiver.deliveredCount() == 1_000);
            assertThat(receiver.deliveredIds()).isEqualTo(ids);
            assertThat(receiver.received())
                    .as("a duplicate carries the same event id, in its header and its body")
                    .allSatisfy(request -> {
                        assertThat(ids).contains(request.webhookId());
                        assertThat(request.body()).startsWith("{\"id\":\"" + request.webhookId() + "\"");
                    });
        }
    }
}
