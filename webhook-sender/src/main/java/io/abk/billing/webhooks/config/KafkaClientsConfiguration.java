package io.abk.billing.webhooks.config;

import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.opskit.kafka.KafkaClientSecurityConfiguration;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * The spring-kafka side of the sender, declared explicitly (no auto-configuration: the local stack's class path also
 * holds the gateway's): how every Kafka client of the sender connects (ops-kit's {@link KafkaClientSecurityConfiguration}),
 * listener support for fan-out and the idempotent producer fan-out queues deliveries with.
 */
@Configuration(proxyBeanMethods = false)
@EnableKafka
@Import(KafkaClientSecurityConfiguration.class)
public class KafkaClientsConfiguration {

    /**
     * The deployment whose names the sender gives on the Kafka cluster ({@code BILLING_DEPLOYMENT_ID}): its topics,
     * consumer groups and client ids (a settings map given to its start wins over the environment).
     */
    @Bean
    Deployment deployment(Environment environment) {
        return Deployment.of(SpringLaunch.env(environment).text(Deployment.VARIABLE, ""));
    }

    /** The consumer settings the fan-out listener starts from. */
    public static Map<String, Object> consumerConfigs(SenderProperties properties, KafkaClientSecurity security) {
        return security.with(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                properties.kafka().bootstrapServers(),
                // A group's first start reads what is already there: deliveries queued (or events produced) before
                // the sender first ran are delivered, not skipped.
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                // billing-streams writes events in its transactions: an aborted one's events never happened, so they
                // must never reach a merchant (or the event log).
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
                (int) properties.kafka().sessionTimeout().toMillis()));
    }

    /**
     * The batch listener container of a fan-out (of billing's events, of the companion's) reading {@code topic} as
     * {@code clientId}: a record that cannot be decoded reaches the listener as a failure to handle instead of stopping
     * the container, and a batch that fails (PostgreSQL or Kafka unavailable) is retried until they are back (1 s
     * doubling to 30 s), never skipped.
     */
    public static <V> ConcurrentKafkaListenerContainerFactory<String, V> batchContainerFactory(
            SenderProperties properties, KafkaClientSecurity security, Topic<String, V> topic, String clientId) {
        var configs = new HashMap<>(consumerConfigs(properties, security));
        configs.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        var factory = new ConcurrentKafkaListenerContainerFactory<String, V>();
        factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(
                configs,
                topic.keySerde().deserializer(),
                new ErrorHandlingDeserializer<>(topic.valueSerde().deserializer())));
        factory.setBatchListener(true);
        var backOff = new ExponentialBackOff(1_000, 2.0);
        backOff.setMaxInterval(30_000);
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        return factory;
    }

    @Bean
    DefaultKafkaProducerFactory<String, WebhookDelivery> deliveryProducerFactory(
            SenderProperties properties, KafkaClientSecurity security, Deployment deployment) {
        var configs = DeliveryProducers.configs(properties, security, deployment.name("webhook-sender-deliveries"));
        return new DefaultKafkaProducerFactory<>(
                configs,
                Topics.WEBHOOK_DELIVERIES.keySerde().serializer(),
                Topics.WEBHOOK_DELIVERIES.valueSerde().serializer());
    }

    @Bean
    KafkaTemplate<String, WebhookDelivery> deliveryTemplate(
            DefaultKafkaProducerFactory<String, WebhookDelivery> deliveryProducerFactory) {
        return new KafkaTemplate<>(deliveryProducerFactory);
    }
}
