package io.abk.billing.gateway.api.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.GatewayIT;
import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.UsageQuantity;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The usage read model's projector passes over a record it cannot decode and projects the summaries behind it on the
 * same partition, and its health says so ({@code usageSummaries}: UP, the record counted), outside the readiness group.
 * Protects against one bad record on {@code billing.usage-summaries} ending the projector's thread in silence, which
 * froze every subscription's usage read while the gateway still reported itself healthy.
 */
class UsageSummaryProjectionIT extends GatewayIT {

    @Test
    void shouldProjectTheSummaryBehindAnUndecodableRecordAndCountIt() {
        // given a record that is no summary, then a summary of the same subscription (same key, same partition)
        var subscriptionId = "sub_01projectionit" + System.nanoTime();
        var skippedBefore =
                usageHealth().get("details").get("undecodableSkipped").longValue();
        var start = Instant.parse("2026-11-01T00:00:00Z");
        var summary = UsageSummary.newBuilder()
                .setSubscriptionId(subscriptionId)
                .setMerchantId("mer_01projectionit")
                .setMode(Mode.TEST)
                .setCustomerId("cus_projectionit")
                .setPeriodStart(start)
                .setPeriodEnd(start.plus(30, ChronoUnit.DAYS))
                .setItems(List.of(new UsageQuantity("si_1", "mtr_1", 42L, 3L)))
                .setAsOf(start.plusSeconds(60))
                .build();
        var topic = Topics.USAGE_SUMMARIES.name(Deployment.DEFAULT);
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfra.kafkaBootstrap()),
                new StringSerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(
                    topic, subscriptionId, "not an avro summary".getBytes(StandardCharsets.UTF_8)));
            producer.send(new ProducerRecord<>(
                    topic,
                    subscriptionId,
                    Topics.USAGE_SUMMARIES.valueSerde().serializer().serialize(topic, summary)));
            producer.flush();
        }

        // then the summary behind it is projected, and the bad record counted while the projector stays UP
        await().atMost(Duration.ofSeconds(30))
                .until(() -> database()
                                .count(
                                        "SELECT count(*) FROM subscription_usage WHERE subscription_id = ?",
                                        subscriptionId)
                        == 1);
        var health = usageHealth();
        assertThat(health.get("status").stringValue()).isEqualTo("UP");
        assertThat(health.get("details").get("running").booleanValue()).isTrue();
        assertThat(health.get("details").get("undecodableSkipped").longValue()).isGreaterThan(skippedBefore);
        assertThat(health.get("details").get("summariesApplied").longValue()).isPositive();

        // and readiness does not wait on it
        var readiness = http.get()
                .uri("/actuator/health/readiness")
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(readiness.get("components").has("usageSummaries")).isFalse();
        assertThat(readiness.get("components").has("projector")).isTrue();
    }

    private JsonNode usageHealth() {
        var health = http.get()
                .uri("/actuator/health")
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        return health.get("components").get("usageSummaries");
    }
}
