package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.schemas.topic.WebhookRetryTopics;
import io.abk.billing.webhooks.testkit.Fixtures;
import io.abk.billing.webhooks.testkit.Receiver;
import io.abk.billing.webhooks.testkit.SenderInfra;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.Test;

/**
 * Protects against one saturated endpoint taking every in-flight permit: with 200 deliveries to an endpoint that holds
 * every request queued ahead on the same partition, a fast endpoint is still delivered to, and the held deliveries are
 * deferred (not attempted) until their endpoint has room, without their attempt numbers moving.
 */
class EndpointLimitIT {

    private static final int SLOW_EVENTS = 200;
    private static final int FAST_EVENTS = 20;
    /** An endpoint that has answered nothing yet has its starting window in flight, below the ceiling. */
    private static final int SLOW_BOUND = Math.min(EndpointLimit.START, SenderInfra.MAX_IN_FLIGHT_PER_ENDPOINT);

    private final SenderInfra.Sender sender = SenderInfra.sender();

    @Test
    void shouldDeliverToTheFastEndpointWhileTheSlowOneHoldsItsBoundWhenTwoHundredSlowDeliveriesAreQueuedFirst() {
        assertThat(SLOW_EVENTS)
                .as("more than the global bound: without a bound per endpoint the slow one takes it all")
                .isGreaterThan(SenderInfra.MAX_IN_FLIGHT);
        var release = new CountDownLatch(1);
        var slowAnswered = new AtomicInteger();
        try (var slow = Receiver.start(n -> {
                    hold(release);
                    slowAnswered.incrementAndGet();
                    return 200;
                });
                var fast = Receiver.ok()) {
            var jdbc = sender.jdbc();
            var slowMerchant = Fixtures.merchant(jdbc);
            var fastMerchant = Fixtures.merchant(jdbc);
            var slowEndpoint = Fixtures.endpoint(jdbc, slowMerchant, Mode.TEST, slow.url());
            var fastEndpoint = Fixtures.endpoint(
                    jdbc, Fixtures.endpointIdOnSamePartitionAs(slowEndpoint), fastMerchant, Mode.TEST, fast.url());
            var slowEvents = Fixtures.events(SLOW_EVENTS, slowMerchant, Mode.TEST, "invoice.created");
            var fastEvents = Fixtures.events(FAST_EVENTS, fastMerchant, Mode.TEST, "invoice.created");

            Fixtures.produce(sender.bootstrapServers(), slowEvents);
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> logged(slowMerchant) == SLOW_EVENTS && slow.requestCount() == SLOW_BOUND);
            Fixtures.produce(sender.bootstrapServers(), fastEvents);

            await().atMost(Duration.ofSeconds(12)).until(() -> fast.deliveredCount() == FAST_EVENTS);
            assertThat(slowAnswered).as("no slow request answered yet").hasValue(0);
            assertThat(slow.requestCount())
                    .as("the slow endpoint never had more than its bound in flight")
                    .isEqualTo(SLOW_BOUND);
            assertThat(fast.deliveredIds()).isEqualTo(ids(fastEvents));
            // Held past their patience, the slow endpoint's other deliveries go through Kafka as deferred copies.
            var deferred = deferredCopies(slowEndpoint, SLOW_EVENTS - SLOW_BOUND);
            assertThat(deferred).allSatisfy(copy -> {
                assertThat(DeliveryHeaders.attempt(copy.headers()))
                        .as("a deferral is not an attempt")
                        .isEqualTo(1);
                assertThat(DeliveryHeaders.dueAt(copy.headers())).isNotNull();
            });
            assertThat(slowAnswered)
                    .as("still held while its deliveries were deferred")
                    .hasValue(0);

            release.countDown();
            await().atMost(Duration.ofSeconds(90)).until(() -> slow.deliveredCount() == SLOW_EVENTS);
            assertThat(slow.deliveredIds()).isEqualTo(ids(slowEvents));
            assertThat(slow.received())
                    .as("duplicates only with the same event id")
                    .allSatisfy(request -> assertThat(ids(slowEvents)).contains(request.webhookId()));
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> attempts(slowEndpoint).stream()
                                    .map(row -> row.get("event_id"))
                                    .collect(Collectors.toSet())
                                    .size()
                            == SLOW_EVENTS);
            assertThat(attempts(slowEndpoint))
                    .as("deferrals are not attempts: every event succeeded at attempt 1")
                    .allSatisfy(row -> {
                        assertThat(row.get("attempt")).isEqualTo(1);
                        assertThat(row.get("outcome")).isEqualTo("succeeded");
                    });
            assertThat(attempts(fastEndpoint))
                    .allSatisfy(row -> assertThat(row.get("attempt")).isEqualTo(1));
        }
    }

    /** The copies on retry topic 0 for {@code endpoint}, read until they cover {@code distinct} deliveries. */
    private List<ConsumerRecord<String, WebhookDelivery>> deferredCopies(String endpoint, int distinct) {
        var copies = new ArrayList<ConsumerRecord<String, WebhookDelivery>>();
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        sender.bootstrapServers(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "deferral-reader-" + UUID.randomUUID(),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest"),
                Topics.WEBHOOK_DELIVERIES.keySerde().deserializer(),
                Topics.WEBHOOK_DELIVERIES.valueSerde().deserializer())) {
            consumer.subscribe(List.of(WebhookRetryTopics.retry(Deployment.DEFAULT, 0)));
            await().atMost(Duration.ofSeconds(12)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    if (endpoint.equals(record.key())) {
                        copies.add(record);
                    }
                });
                return copies.stream()
                                .map(copy -> copy.value().getDeliveryId())
                                .distinct()
                                .count()
                        >= distinct;
            });
        }
        return copies;
    }

    private int logged(String merchant) {
        return sender.jdbc()
                .queryForObject("SELECT count(*) FROM events WHERE merchant_id = ?", Integer.class, merchant);
    }

    private List<Map<String, Object>> attempts(String endpoint) {
        return sender.jdbc()
                .queryForList(
                        "SELECT attempt, outcome, event_id FROM webhook_delivery_attempts WHERE endpoint_id = ? ORDER BY id",
                        endpoint);
    }

    private static Set<String> ids(List<BillingEvent> events) {
        return events.stream().map(event -> event.getEventId().toString()).collect(Collectors.toSet());
    }

    private static void hold(CountDownLatch release) {
        try {
            release.await(15, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
