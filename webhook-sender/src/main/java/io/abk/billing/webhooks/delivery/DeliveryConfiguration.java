package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.webhooks.attempt.DeliveryAttempts;
import io.abk.billing.webhooks.config.KafkaClientsConfiguration;
import io.abk.billing.webhooks.config.SenderProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.config.TopicConfig;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.retrytopic.DeadLetterPublishingRecovererFactory;
import org.springframework.kafka.retrytopic.ListenerContainerFactoryConfigurer;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationBuilder;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationSupport;
import org.springframework.kafka.retrytopic.SameIntervalTopicReuseStrategy;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;

/**
 * Wiring of delivery: the listener container factory, spring-kafka's non-blocking retries with the configured
 * schedule (retry topics {@code webhooks.deliveries-retry-<index>}, dead letters on {@code webhooks.deliveries-dlt}),
 * the in-flight bound and the drain at shutdown. Extending {@link RetryTopicConfigurationSupport} is spring-kafka's
 * explicit way to switch retry topics on without Boot's auto-configuration.
 */
@Configuration(proxyBeanMethods = false)
public class DeliveryConfiguration extends RetryTopicConfigurationSupport {

    /** A record may wait on a retry topic as long as its delay; a week on top covers an outage of the sender. */
    private static final Duration RETENTION_MARGIN = Duration.ofDays(7);
    private static final Duration RETRY_PRECISION = Duration.ofSeconds(1);

    @Bean
    RetrySchedule retrySchedule(SenderProperties properties) {
        var webhooks = properties.webhooks();
        return RetrySchedule.of(webhooks.retryDelays(), webhooks.retryEvery(), webhooks.retryFor());
    }

    /** The default factory name: spring-kafka builds the retry and dead-letter containers with it too. */
    @Bean
    ConcurrentKafkaListenerContainerFactory<String, WebhookDelivery> kafkaListenerContainerFactory(SenderProperties properties) {
        var configs = new HashMap<>(KafkaClientsConfiguration.consumerConfigs(properties));
        configs.put(ConsumerConfig.CLIENT_ID_CONFIG, "webhook-sender-deliveries");
        var factory = new ConcurrentKafkaListenerContainerFactory<String, WebhookDelivery>();
        factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(configs, Topics.WEBHOOK_DELIVERIES.keySerde().deserializer(),
                new ErrorHandlingDeserializer<>(Topics.WEBHOOK_DELIVERIES.valueSerde().deserializer())));
        factory.setConcurrency(properties.webhooks().concurrency());
        // A paused retry partition is resumed when its head record is due, but the consumer only notices after its
        // current poll returns: the poll timeout bounds how late a retry starts (spring-kafka's default is 5 s).
        factory.getContainerProperties().setPollTimeout(RETRY_PRECISION.toMillis());
        return factory;
    }

    @Bean
    RetryTopicConfiguration deliveryRetryTopics(RetrySchedule schedule, SenderProperties properties,
            KafkaTemplate<String, Object> deliveryTemplate,
            ConcurrentKafkaListenerContainerFactory<String, WebhookDelivery> kafkaListenerContainerFactory) {
        return RetryTopicConfigurationBuilder.newInstance()
                .includeTopic(Topics.WEBHOOK_DELIVERIES.name())
                .customBackoff(schedule.backOff())
                .maxAttempts(schedule.maxAttempts())
                .retryTopicSuffix(Topics.WEBHOOK_DELIVERIES_RETRY_SUFFIX)
                .dltSuffix(Topics.WEBHOOK_DELIVERIES_DLT_SUFFIX)
                // retry-0, retry-1, ...: one topic per step, also for equal delays (10h, 10h), so a record's topic
                // tells its attempt and each topic's records are due in the order they arrived.
                .suffixTopicsWithIndexValues()
                .sameIntervalTopicReuseStrategy(SameIntervalTopicReuseStrategy.MULTIPLE_TOPICS)
                // -1: the broker's default replication factor.
                .autoCreateTopicsWith(properties.partitions(), (short) -1)
                .listenerFactory(kafkaListenerContainerFactory)
                .dltHandlerMethod("deadDeliveries", "dead")
                .create(deliveryTemplate);
    }

    @Bean
    KafkaAdmin kafkaAdmin(SenderProperties properties, RetrySchedule schedule) {
        var retention = schedule.longestDelay().plus(RETENTION_MARGIN);
        return new RetryTopicsAdmin(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, properties.kafka().bootstrapServers()),
                Topics.WEBHOOK_DELIVERIES.name(), Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE,
                        TopicConfig.RETENTION_MS_CONFIG, Long.toString(retention.toMillis())));
    }

    @Bean
    InFlightLimit inFlightLimit(SenderProperties properties) {
        return new InFlightLimit(properties.webhooks().maxInFlight());
    }

    @Bean
    DeliveryListener deliveryListener(DeliveryAttempts attempts, RetrySchedule schedule, InFlightLimit inFlightLimit) {
        return new DeliveryListener(attempts, schedule, inFlightLimit, Clock.systemUTC());
    }

    @Bean
    DeadDeliveries deadDeliveries() {
        return new DeadDeliveries();
    }

    @Bean
    DeliveryDrain deliveryDrain(KafkaListenerEndpointRegistry registry, InFlightLimit inFlightLimit, SenderProperties properties) {
        return new DeliveryDrain(registry, inFlightLimit, properties.webhooks().timeout().plusSeconds(5));
    }

    @Override
    protected Consumer<DeadLetterPublishingRecovererFactory> configureDeadLetterPublishingContainerFactory() {
        // Every attempt is logged (PostgreSQL and the listener's own line): spring-kafka's per-failure stack traces
        // would only repeat it.
        return DeadLetterPublishingRecovererFactory::neverLogListenerException;
    }

    @Override
    protected Consumer<ListenerContainerFactoryConfigurer> configureListenerContainerFactoryConfigurer() {
        // The listener logs each failed attempt with its ids; the error handler's own line per failure says less.
        return configurer -> configurer.setErrorHandlerCustomizer(handler -> handler.setLogLevel(KafkaException.Level.DEBUG));
    }
}
