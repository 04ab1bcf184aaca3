package io.abk.billing.webhooks.companion;

import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.webhooks.config.KafkaClientsConfiguration;
import io.abk.billing.webhooks.config.SenderProperties;
import io.abk.billing.webhooks.fanout.EventLog;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Clock;
import java.util.HashMap;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.backoff.ExponentialBackOff;

/** Wiring of the companion's webhooks: its endpoints (made at start) and the fan-out of usdt.events. */
@Configuration(proxyBeanMethods = false)
public class CompanionConfiguration {

    /** The companion merchant's id once its endpoints match the configuration; made before any listener starts. */
    @Bean
    CompanionMerchant companionMerchant(JdbcTemplate jdbc, DataSource dataSource, SenderProperties properties, SecretSealer sealer) {
        var endpoints = new CompanionEndpoints(jdbc, new TransactionTemplate(new JdbcTransactionManager(dataSource)),
                Clock.systemUTC(), sealer);
        return new CompanionMerchant(endpoints.ensure(properties.usdt()));
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, UsdtEvent> companionFanOutContainerFactory(SenderProperties properties) {
        var configs = new HashMap<>(KafkaClientsConfiguration.consumerConfigs(properties));
        configs.put(ConsumerConfig.CLIENT_ID_CONFIG, "webhook-sender-usdt-fanout");
        var factory = new ConcurrentKafkaListenerContainerFactory<String, UsdtEvent>();
        factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(configs, Topics.USDT_EVENTS.keySerde().deserializer(),
                new ErrorHandlingDeserializer<>(Topics.USDT_EVENTS.valueSerde().deserializer())));
        factory.setBatchListener(true);
        // PostgreSQL or Kafka unavailable: retry the batch until they are back (1 s doubling to 30 s), never skip it.
        var backOff = new ExponentialBackOff(1_000, 2.0);
        backOff.setMaxInterval(30_000);
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        return factory;
    }

    @Bean
    CompanionFanOutListener companionFanOutListener(CompanionMerchant merchant, SenderProperties properties, EventLog eventLog,
            KafkaTemplate<String, WebhookDelivery> deliveryTemplate) {
        return new CompanionFanOutListener(merchant.id(), properties.usdt().webhookMode(), eventLog, deliveryTemplate,
                Clock.systemUTC());
    }

    /** The internal merchant that owns the companion's endpoints and events. */
    public record CompanionMerchant(String id) {
    }
}
