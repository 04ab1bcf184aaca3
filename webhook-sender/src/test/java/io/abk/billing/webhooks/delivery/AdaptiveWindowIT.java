package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.webhooks.testkit.Fixtures;
import io.abk.billing.webhooks.testkit.Receiver;
import io.abk.billing.webhooks.testkit.SenderInfra;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The window of attempts in flight to one endpoint, seen from a real receiver that counts the requests in its handler:
 * an endpoint that answers well gets more than the starting window, up to the ceiling; one that answers 503 gets fewer
 * and fewer at once (docs/architecture.md, "Webhooks").
 */
class AdaptiveWindowIT {

    /** Long enough that the requests of one window overlap at the receiver. */
    private static final long ANSWER_MS = 40;

    private final SenderInfra.Sender sender = SenderInfra.sender();

    @Test
    void shouldSendMoreAtOnceThanTheStartingWindowWhenTheEndpointAnswersWell() {
        try (var receiver = Receiver.start(n -> answerAfter(ANSWER_MS, 200))) {
            var events = produceFor(receiver, 200);

            await().atMost(Duration.ofSeconds(60)).until(() -> receiver.deliveredCount() == events.size());
            assertThat(receiver.peakConcurrency(1, EndpointLimit.START))
                    .as("it starts with the starting window")
                    .isLessThanOrEqualTo(EndpointLimit.START);
            assertThat(receiver.peakConcurrency(1, Integer.MAX_VALUE))
                    .as("its answers grew the window to the ceiling")
                    .isEqualTo(SenderInfra.MAX_IN_FLIGHT_PER_ENDPOINT);
        }
    }

    @Test
    void shouldSendFewerAtOnceWhenTheEndpointAnswersServiceUnavailable() {
        try (var receiver = Receiver.start(n -> answerAfter(ANSWER_MS, 503))) {
            var events = produceFor(receiver, 30);

            await().atMost(Duration.ofSeconds(60)).until(() -> receiver.requestCount() >= 20);
            assertThat(receiver.peakConcurrency(1, EndpointLimit.START))
                    .as("the first window went out at once")
                    .isGreaterThan(2);
            // The first window's 503s halve it once (4 -> 2), the next window's halve it again (2 -> 1).
            assertThat(receiver.peakConcurrency(EndpointLimit.START + 3, Integer.MAX_VALUE))
                    .as("one request at a time once it kept failing")
                    .isEqualTo(1);
        }
    }

    /** {@code count} events of a new merchant whose one endpoint is {@code receiver}, produced. */
    private List<BillingEvent> produceFor(Receiver receiver, int count) {
        var merchant = Fixtures.merchant(sender.jdbc());
        Fixtures.endpoint(sender.jdbc(), merchant, Mode.TEST, receiver.url());
        var events = Fixtures.events(count, merchant, Mode.TEST, "invoice.created");
        Fixtures.produce(sender.bootstrapServers(), events);
        return events;
    }

    /** The receiver's answer after {@code millis} of work: a slow endpoint, not a wait for something. */
    private static int answerAfter(long millis, int status) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return status;
    }
}
