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
import java.util.concurrent.Semaphore;
import org.junit.jupiter.api.Test;

/**
 * The window of attempts in flight to one endpoint, seen from a real receiver that holds every request until the test
 * answers it and counts the requests it holds: an endpoint that answers well gets more than the starting window, up to
 * the ceiling; one that answers 503 gets fewer and fewer at once (docs/architecture.md, "Webhooks").
 */
class AdaptiveWindowIT {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    private final SenderInfra.Sender sender = SenderInfra.sender();

    @Test
    void shouldSendMoreAtOnceThanTheStartingWindowWhenTheEndpointAnswersWell() {
        var gate = new Gate();
        try (var receiver = Receiver.start(n -> gate.hold())) {
            var events = produceFor(receiver, 60);
            await().atMost(LIMIT).until(() -> receiver.inFlight() == EndpointLimit.START);

            // 5 answers in a row: a window's worth and one more grow the window by one
            gate.answer(5, 200);

            await().atMost(LIMIT).until(() -> receiver.inFlight() == SenderInfra.MAX_IN_FLIGHT_PER_ENDPOINT);
            gate.open(200);
            await().atMost(LIMIT).until(() -> receiver.deliveredCount() == events.size());
            assertThat(receiver.peakConcurrency(1, EndpointLimit.START))
                    .as("it started with the starting window")
                    .isEqualTo(EndpointLimit.START);
            assertThat(receiver.peakConcurrency(1, Integer.MAX_VALUE))
                    .as("never past the ceiling")
                    .isEqualTo(SenderInfra.MAX_IN_FLIGHT_PER_ENDPOINT);
        }
    }

    @Test
    void shouldSendFewerAtOnceWhenTheEndpointAnswersServiceUnavailable() {
        var gate = new Gate();
        try (var receiver = Receiver.start(n -> gate.hold())) {
            produceFor(receiver, 30);
            await().atMost(LIMIT).until(() -> receiver.inFlight() == EndpointLimit.START);

            // The first window's 503s halve it once (4 -> 2), the next window's halve it again (2 -> 1).
            gate.answer(EndpointLimit.START, 503);
            await().atMost(LIMIT).until(() -> receiver.requestCount() == EndpointLimit.START + 2);
            assertThat(receiver.inFlight()).isEqualTo(2);
            gate.answer(2, 503);
            int halvedTwice = EndpointLimit.START + 3;
            await().atMost(LIMIT).until(() -> receiver.requestCount() == halvedTwice);
            for (int i = 1; i <= 5; i++) {
                gate.answer(1, 503);
                int next = halvedTwice + i;
                await().atMost(LIMIT).until(() -> receiver.requestCount() == next);
            }

            assertThat(receiver.peakConcurrency(EndpointLimit.START + 1, EndpointLimit.START + 2))
                    .as("two at once after the first overload")
                    .isEqualTo(2);
            assertThat(receiver.peakConcurrency(halvedTwice, Integer.MAX_VALUE))
                    .as("one at a time once it kept failing")
                    .isEqualTo(1);
            gate.open(503);
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

    /** The receiver's answers, let go by the test: each request waits in the receiver until {@link #answer}. */
    private static final class Gate {

        private final Semaphore answers = new Semaphore(0);
        private volatile int status = 200;

        int hold() {
            answers.acquireUninterruptibly();
            return status;
        }

        /** Lets {@code count} held (or coming) requests be answered {@code status}. */
        void answer(int count, int status) {
            this.status = status;
            answers.release(count);
        }

        /** Answers every request from now on with {@code status}. */
        void open(int status) {
            answer(Integer.MAX_VALUE / 2, status);
        }
    }
}
