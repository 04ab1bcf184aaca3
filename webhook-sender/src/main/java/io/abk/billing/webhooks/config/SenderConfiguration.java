package io.abk.billing.webhooks.config;

import io.abk.billing.opskit.config.SealerStart;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.webhooks.companion.CompanionConfiguration;
import io.abk.billing.webhooks.delivery.DeliveryConfiguration;
import io.abk.billing.webhooks.delivery.DeliveryService;
import io.abk.billing.webhooks.delivery.RetrySchedule;
import io.abk.billing.webhooks.fanout.FanOutConfiguration;
import io.abk.billing.webhooks.ops.SenderOperations;
import io.abk.billing.webhooks.retention.EventLogPurge;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * The whole sender, bean by bean: no auto-configuration, because the local stack runs it on a class path that also
 * holds the gateway's (WebFlux, R2DBC, ...), which Boot would otherwise start here too.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SenderProperties.class)
@Import({
    DatabaseConfiguration.class,
    KafkaClientsConfiguration.class,
    FanOutConfiguration.class,
    DeliveryConfiguration.class,
    CompanionConfiguration.class
})
public class SenderConfiguration {

    /**
     * Opens the endpoints' signing secrets: the configured keyring, or the development key outside the production
     * profile when none is configured (with a warning); under the production profile a missing key stops the start.
     */
    @Bean
    SecretSealer secretSealer(SenderProperties properties, Environment environment) {
        return SealerStart.sealer(
                properties.secrets().keys(), properties.secrets().activeKey(), environment, "opened");
    }

    @Bean
    EventLogPurge eventLogPurge(JdbcTemplate jdbc, SenderProperties properties) {
        return new EventLogPurge(jdbc, properties.webhooks().eventRetention(), Clock.systemUTC());
    }

    @Bean
    SenderOperations senderOperations(
            SenderProperties properties,
            RetrySchedule schedule,
            DeliveryService delivery,
            KafkaListenerEndpointRegistry listeners,
            KafkaClientSecurity security,
            Deployment deployment) {
        return new SenderOperations(properties, security, deployment, schedule, delivery, listeners);
    }
}
