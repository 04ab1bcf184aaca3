package io.abk.billing.webhooks.config;

import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Topics;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.serializer.DelegatingByTypeSerializer;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * The Kafka clients shared by fan-out and delivery, declared explicitly (no auto-configuration: the local stack's
 * class path also holds the gateway's). One idempotent producer writes deliveries, both from fan-out and when
 * spring-kafka forwards a failed delivery to a retry topic or the dead-letter topic.
 */
@Configuration(proxyBeanMethods = false)
@EnableKafka
public class KafkaClientsConfiguration {

    /** The consumer settings both listeners start from; each adds its deserializers. */
    public static Map<String, Object> consumerConfigs(SenderProperties properties) {
        return Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, properties.kafka().bootstrapServers(),
                // A group's first start reads what is already there: deliveries queued (or events produced) before
                // the sender first ran are delivered, not skipped.
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    }

    @Bean
    DefaultKafkaProducerFactory<String, Object> deliveryProducerFactory(SenderProperties properties) {
        Map<String, Object> configs = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, properties.kafka().bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                // Fan-out sends a batch of deliveries at once and waits for all of them: a short linger packs them.
                ProducerConfig.LINGER_MS_CONFIG, 5,
                ProducerConfig.CLIENT_ID_CONFIG, "webhook-sender-deliveries");
        // Deliveries are WebhookDelivery records; a record that could not be deserialized goes to the dead-letter
        // topic as the raw bytes it arrived with.
        var values = new DelegatingByTypeSerializer(Map.of(
                WebhookDelivery.class, Topics.WEBHOOK_DELIVERIES.valueSerde().serializer(),
                byte[].class, new ByteArraySerializer()));
        @SuppressWarnings({"unchecked", "rawtypes"})
        var factory = new DefaultKafkaProducerFactory<String, Object>(configs,
                Topics.WEBHOOK_DELIVERIES.keySerde().serializer(), (org.apache.kafka.common.serialization.Serializer) values);
        return factory;
    }

    @Bean
    KafkaTemplate<String, Object> deliveryTemplate(DefaultKafkaProducerFactory<String, Object> deliveryProducerFactory) {
        return new KafkaTemplate<>(deliveryProducerFactory);
    }

    /** Resumes retry topic partitions when their head record is due (spring-kafka's back-off manager needs one). */
    @Bean(destroyMethod = "shutdown")
    TaskScheduler taskScheduler() {
        var scheduler = new ThreadPoolTaskScheduler();
        scheduler.setPoolSize(2);
        scheduler.setThreadNamePrefix("webhook-sender-scheduler-");
        scheduler.initialize();
        return scheduler;
    }
}
