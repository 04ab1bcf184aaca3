package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.Test;

/** Failed attempts go through the retry topics on the schedule, and land on the dead-letter topic once spent. */
class RetryIT {

    private final SenderInfra.Sender sender = SenderInfra.sender();

    @Test
    void shouldDeliverOnceAsASuccessWhenTheReceiverFailsThreeTimesThenSucceeds() {
        try (var receiver = Receiver.start(n -> n <= 3 ? 500 : 200)) {
            var merchant = Fixtures.merchant(sender.jdbc());
            var endpoint = Fixtures.endpoint(sender.jdbc(), merchant, Mode.TEST, receiver.url());
            var event = Fixtures.event(merchant, Mode.TEST, "subscription.created");

            Fixtures.produce(sender.bootstrapServers(), List.of(event));

            await().atMost(Duration.ofSeconds(60)).until(() -> receiver.deliveredCount() == 1);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> attempts(endpoint).size() == 4);
            var attempts = attempts(endpoint);
            assertThat(attempts).extracting(row -> row.get("attempt")).containsExactly(1, 2, 3, 4);
            assertThat(attempts)
                    .extracting(row -> row.get("outcome"))
                    .containsExactly("failed", "failed", "failed", "succeeded");
            assertThat(attempts.subList(0, 3))
                    .allSatisfy(row -> assertThat(row.get("next_retry_at")).isNotNull());
            assertThat(attempts.get(3).get("next_retry_at")).isNull();
            assertThat(receiver.received())
                    .hasSize(4)
                    .allSatisfy(request -> assertThat(request.webhookId())
                            .isEqualTo(event.getEventId().toString()));
            assertThat(receiver.received())
                    .filteredOn(request -> request.status() == 200)
                    .hasSize(1);
        }
    }

    @Test
    void shouldPutTheDeliveryOnTheDeadLetterTopicWhenEveryAttemptFails() {
        try (var receiver = Receiver.start(n -> 503)) {
            var merchant = Fixtures.merchant(sender.jdbc());
            var endpoint = Fixtures.endpoint(sender.jdbc(), merchant, Mode.TEST, receiver.url());
            var event = Fixtures.event(merchant, Mode.TEST, "invoice.created");

            Fixtures.produce(sender.bootstrapServers(), List.of(event));

            var deliveryId = event.getEventId() + ":" + endpoint;
            var dead = new ArrayList<WebhookDelivery>();
            try (var consumer = deadLetters()) {
                consumer.subscribe(List.of(WebhookRetryTopics.deadLetters(Deployment.DEFAULT)));
                await().atMost(Duration.ofSeconds(90)).until(() -> {
                    consumer.poll(Duration.ofMillis(200)).forEach(record -> dead.add(record.value()));
                    return dead.stream()
                            .anyMatch(delivery -> delivery.getDeliveryId().equals(deliveryId));
                });
            }
            assertThat(receiver.requestCount()).isEqualTo(SenderInfra.MAX_ATTEMPTS);
            var attempts = attempts(endpoint);
            assertThat(attempts)
                    .hasSize(SenderInfra.MAX_ATTEMPTS)
                    .allSatisfy(row -> assertThat(row.get("outcome")).isEqualTo("failed"));
            assertThat(attempts.get(SenderInfra.MAX_ATTEMPTS - 1).get("next_retry_at"))
                    .as("the last attempt has no next")
                    .isNull();
        }
    }

    private List<Map<String, Object>> attempts(String endpoint) {
        return sender.jdbc()
                .queryForList(
                        "SELECT attempt, outcome, next_retry_at, event_id FROM webhook_delivery_attempts WHERE endpoint_id = ? ORDER BY id",
                        endpoint);
    }

    private KafkaConsumer<String, WebhookDelivery> deadLetters() {
        return new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        sender.bootstrapServers(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "dead-letter-reader-" + UUID.randomUUID(),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest"),
                Topics.WEBHOOK_DELIVERIES.keySerde().deserializer(),
                Topics.WEBHOOK_DELIVERIES.valueSerde().deserializer());
    }
}
