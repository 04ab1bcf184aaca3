package io.abk.billing.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.schemas.topic.WebhookRetryTopics;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TopicsSettingsTest {

    @Test
    void shouldPlanEveryCatalogTopicAndTheDefaultRetryTopicsWhenNothingIsSet() {
        var config = TopicsSettings.fromEnv(Map.of());

        var plan = config.plan();

        // 13 catalog topics, 10 retry topics (7 delays, then 12 h three times within 3 days) and the dead letters
        assertThat(plan).hasSize(Topics.all().size() + 11);
        assertThat(plan).allSatisfy(spec -> {
            assertThat(spec.partitions()).isEqualTo(12);
            assertThat(spec.replicationFactor()).isEqualTo((short) 1);
            assertThat(spec.configs()).containsEntry("min.insync.replicas", "1");
        });
        assertThat(plan.getLast().name()).isEqualTo("webhooks.deliveries-dlt");
        assertThat(spec(config, "billing.events").configs())
                .containsEntry("cleanup.policy", "delete")
                .containsEntry("retention.ms", Long.toString(Duration.ofDays(30).toMillis()));
        assertThat(spec(config, "billing.test-clocks").configs())
                .containsEntry("cleanup.policy", "compact")
                .doesNotContainKey("retention.ms");
    }

    @Test
    void shouldTakeLayoutScheduleAndPerTopicOverridesFromTheEnvironment() {
        var config = TopicsSettings.fromEnv(Map.of(
                "BILLING_KAFKA_BOOTSTRAP_SERVERS", "kafka-1:9092,kafka-2:9092",
                "BILLING_PARTITIONS", "24",
                "BILLING_REPLICATION_FACTOR", "3",
                "BILLING_MIN_INSYNC_REPLICAS", "2",
                "BILLING_WEBHOOKS_RETRY_DELAYS", "1s,PT2S",
                "BILLING_WEBHOOKS_RETRY_EVERY", "1m",
                "BILLING_WEBHOOKS_RETRY_FOR", "3m",
                "BILLING_TOPIC_CONFIG_BILLING_EVENTS", "retention.ms=7776000000, segment.bytes=1048576"));

        assertThat(config.bootstrapServers()).isEqualTo("kafka-1:9092,kafka-2:9092");
        assertThat(config.webhookRetries())
                .isEqualTo(new WebhookRetryTopics(java.util.List.of(
                        Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofMinutes(1), Duration.ofMinutes(1))));
        var events = spec(config, "billing.events");
        assertThat(events.partitions()).isEqualTo(24);
        assertThat(events.replicationFactor()).isEqualTo((short) 3);
        assertThat(events.configs())
                .containsEntry("retention.ms", "7776000000")
                .containsEntry("segment.bytes", "1048576")
                .containsEntry("min.insync.replicas", "2");
        assertThat(config.plan())
                .extracting(TopicSpec::name)
                .contains("webhooks.deliveries-retry-3")
                .doesNotContain("webhooks.deliveries-retry-4");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(
            delimiter = ';',
            value = {
                "BILLING_PARTITIONS;0;BILLING_PARTITIONS must be at least 1",
                "BILLING_PARTITIONS;many;BILLING_PARTITIONS must be a whole number",
                "BILLING_REPLICATION_FACTOR;0;BILLING_REPLICATION_FACTOR must be at least 1",
                "BILLING_MIN_INSYNC_REPLICAS;2;BILLING_MIN_INSYNC_REPLICAS must be between 1 and BILLING_REPLICATION_FACTOR",
                "BILLING_WEBHOOKS_RETRY_DELAYS;5 seconds;BILLING_WEBHOOKS_RETRY_DELAYS must be a duration",
                "BILLING_WEBHOOKS_RETRY_EVERY;0s;the repeated retry delay must be positive",
                "BILLING_TOPIC_CONFIG_BILLING_EVENTZ;retention.ms=1;BILLING_TOPIC_CONFIG_BILLING_EVENTZ names no topic",
                "BILLING_TOPIC_CONFIG_BILLING_EVENTS;retention.ms;BILLING_TOPIC_CONFIG_BILLING_EVENTS entries must be key=value",
                "BILLING_KAFKA_BOOTSTRAP_SERVERS;' ';BILLING_KAFKA_BOOTSTRAP_SERVERS must not be blank",
                "BILLING_DEPLOYMENT_ID;Staging;BILLING_DEPLOYMENT_ID must be 1 to 32 lower-case letters"
            })
    void shouldNameTheVariableWhenASettingCannotBeUsed(String variable, String value, String message) {
        assertThatThrownBy(() -> TopicsSettings.fromEnv(Map.of(variable, value)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    /** Protects a deployment sharing a cluster: the step must create its topics, not the default deployment's. */
    @Test
    void shouldPlanEveryTopicUnderTheDeploymentsPrefixAndTakeOverridesByTheCatalogsName() {
        var config = TopicsSettings.fromEnv(Map.of(
                "BILLING_DEPLOYMENT_ID", "blue", "BILLING_TOPIC_CONFIG_BILLING_EVENTS", "retention.ms=7776000000"));

        assertThat(config.plan()).allSatisfy(spec -> assertThat(spec.name()).startsWith("blue."));
        assertThat(config.plan()).hasSameSizeAs(TopicsSettings.fromEnv(Map.of()).plan());
        assertThat(spec(config, "blue.billing.events").configs()).containsEntry("retention.ms", "7776000000");
        assertThat(spec(config, "blue.webhooks.deliveries-retry-0").partitions())
                .isEqualTo(12);
    }

    @Test
    void shouldNameOverrideVariablesAfterTheTopic() {
        assertThat(TopicsSettings.variableSuffix("billing.subscription-commands"))
                .isEqualTo("BILLING_SUBSCRIPTION_COMMANDS");
        assertThat(TopicsSettings.variableSuffix("webhooks.deliveries-retry-0"))
                .isEqualTo("WEBHOOKS_DELIVERIES_RETRY_0");
    }

    private static TopicSpec spec(TopicsSettings config, String name) {
        return config.plan().stream()
                .filter(spec -> spec.name().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
