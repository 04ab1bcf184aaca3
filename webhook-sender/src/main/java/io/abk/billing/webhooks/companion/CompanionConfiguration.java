package io.abk.billing.webhooks.companion;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.webhooks.config.KafkaClientsConfiguration;
import io.abk.billing.webhooks.config.SenderProperties;
import io.abk.billing.webhooks.fanout.EventLog;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/** Wiring of the companion's webhooks: its endpoints (made at start) and the fan-out of usdt.events. */
@Configuration(proxyBeanMethods = false)
public class CompanionConfiguration {

    /** The companion merchant's id once its endpoints match the configuration; made before any listener starts. */
    @Bean
    CompanionMerchant companionMerchant(
            JdbcTemplate jdbc, DataSource dataSource, SenderProperties properties, SecretSealer sealer) {
        var endpoints = new CompanionEndpoints(
                jdbc, new TransactionTemplate(new JdbcTransactionManager(dataSource)), Clock.systemUTC(), sealer);
        return new CompanionMerchant(endpoints.ensure(properties.usdt()));
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, UsdtEvent> companionFanOutContainerFactory(
            SenderProperties properties, KafkaClientSecurity security, Deployment deployment) {
        return KafkaClientsConfiguration.batchContainerFactory(
                properties, security, Topics.USDT_EVENTS, deployment.name(CompanionFanOutListener.GROUP));
    }

    @Bean
    CompanionFanOutListener companionFanOutListener(
            CompanionMerchant merchant,
            SenderProperties properties,
            EventLog eventLog,
            KafkaTemplate<String, WebhookDelivery> deliveryTemplate,
            Deployment deployment) {
        return new CompanionFanOutListener(
                merchant.id(),
                properties.usdt().webhookMode(),
                eventLog,
                deliveryTemplate,
                Clock.systemUTC(),
                deployment);
    }

    /** The internal merchant that owns the companion's endpoints and events. */
    public record CompanionMerchant(String id) {}
}
