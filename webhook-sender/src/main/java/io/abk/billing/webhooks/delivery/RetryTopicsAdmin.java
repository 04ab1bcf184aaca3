package io.abk.billing.webhooks.delivery;

import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.support.TopicForRetryable;

/**
 * Creates the retry and dead-letter topics spring-kafka declares for the schedule, with a retention of its own: a
 * record waits on a retry topic up to its delay (12 h by default) and the broker's default could be shorter. The
 * main topic is left to the platform's topic provisioning (the {@code Topics} catalog).
 */
final class RetryTopicsAdmin extends KafkaAdmin {

    private final String mainTopic;
    private final Map<String, String> configs;

    RetryTopicsAdmin(Map<String, Object> adminConfigs, String mainTopic, Map<String, String> configs) {
        super(adminConfigs);
        this.mainTopic = mainTopic;
        this.configs = Map.copyOf(configs);
    }

    @Override
    protected Collection<NewTopic> newTopics() {
        return super.newTopics().stream()
                .filter(topic -> !topic.name().equals(mainTopic))
                .map(topic -> topic instanceof TopicForRetryable
                        ? new NewTopic(topic.name(), topic.numPartitions(), topic.replicationFactor()).configs(configs)
                        : topic)
                .toList();
    }
}
