package io.abk.billing.webhooks.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.webhooks.testkit.Fixtures;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FanOutTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void shouldQueueOneDeliveryPerSubscriberThatWantsTheTypeWhenAnEventFansOut() {
        var event = Fixtures.event("mer_1", Mode.LIVE, "invoice.paid");
        var subscribers = List.of(
                new Subscriber("we_all", List.of()),
                new Subscriber("we_paid", List.of("invoice.paid")),
                new Subscriber("we_created", List.of("invoice.created")),
                new Subscriber("we_star", List.of("*")));

        var deliveries = FanOut.deliveries(event, "{\"id\":\"x\"}", subscribers, NOW);

        assertThat(deliveries)
                .extracting(d -> d.getEndpointId().toString())
                .containsExactly("we_all", "we_paid", "we_star");
        assertThat(deliveries).allSatisfy(delivery -> {
            assertThat(delivery.getDeliveryId().toString())
                    .isEqualTo(event.getEventId() + ":" + delivery.getEndpointId());
            assertThat(delivery.getEventId()).isEqualTo(event.getEventId());
            assertThat(delivery.getPayload().toString()).isEqualTo("{\"id\":\"x\"}");
            assertThat(delivery.getMode()).isEqualTo(Mode.LIVE);
            assertThat(delivery.getQueuedAt()).isEqualTo(NOW);
            assertThat(delivery.getRedelivery()).isFalse();
        });
    }

    @Test
    void shouldQueueNothingWhenNoSubscriberWantsTheType() {
        var event = Fixtures.event("mer_1", Mode.TEST, "payment.paid");

        assertThat(FanOut.deliveries(event, "{}", List.of(new Subscriber("we_1", List.of("invoice.paid"))), NOW))
                .isEmpty();
    }
}
