package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.webhooks.testkit.Fixtures;
import io.abk.billing.webhooks.testkit.Receiver;
import io.abk.billing.webhooks.testkit.SenderInfra;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Test;

/** Protects against a blocking listener: one endpoint taking 15 s must not hold back another on the same partition. */
class SlowEndpointIT {

    private final SenderInfra.Sender sender = SenderInfra.sender();

    @Test
    void shouldDeliverToTheFastEndpointWhileTheSlowOnesFirstRequestIsHeldWhenBothShareAPartition() throws Exception {
        var release = new CountDownLatch(1);
        var firstAnswered = new AtomicBoolean();
        try (var slow = Receiver.start(n -> {
                    hold(release);
                    if (n == 1) {
                        firstAnswered.set(true);
                    }
                    return 200;
                });
                var fast = Receiver.ok()) {
            var jdbc = sender.jdbc();
            var merchant = Fixtures.merchant(jdbc);
            // Ids on the same partition of webhooks.deliveries (its key is the endpoint id), the slow one first: each
            // event's delivery to the slow endpoint sits before its delivery to the fast one.
            var slowId = "we_0" + Fixtures.id("x").substring(2);
            var fastId = sameTopicPartitionAs(slowId);
            Fixtures.endpoint(jdbc, slowId, merchant, Mode.TEST, slow.url());
            Fixtures.endpoint(jdbc, fastId, merchant, Mode.TEST, fast.url());

            Fixtures.produce(
                    sender.bootstrapServers(), List.of(Fixtures.event(merchant, Mode.TEST, "subscription.created")));
            // (the delivery loops log each assignment: a run that times out here shows whether the deliveries'
            // partitions were assigned at all)
            await("the slow endpoint's first request")
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> slow.requestCount() == 1);
            var more = Fixtures.events(20, merchant, Mode.TEST, "invoice.created");
            Fixtures.produce(sender.bootstrapServers(), more);

            await().atMost(Duration.ofSeconds(12)).until(() -> fast.deliveredCount() == 21);
            assertThat(firstAnswered)
                    .as("the slow endpoint's first request is still held")
                    .isFalse();
            release.countDown();
            await().atMost(Duration.ofSeconds(60)).until(() -> slow.deliveredCount() == 21);
            assertThat(slow.deliveredIds()).isEqualTo(fast.deliveredIds());
        }
    }

    private static void hold(CountDownLatch release) {
        try {
            release.await(15, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String sameTopicPartitionAs(String endpointId) {
        int partition = partition(endpointId);
        while (true) {
            var candidate = "we_1" + Fixtures.id("x").substring(2);
            if (partition(candidate) == partition) {
                return candidate;
            }
        }
    }

    /** Kafka's default partitioner for a keyed record. */
    private static int partition(String key) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % SenderInfra.PARTITIONS;
    }
}
