package io.abk.billing.webhooks.testkit;

import io.abk.billing.webhooks.attempt.DeliveryAttempts;
import io.abk.billing.webhooks.config.SenderProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** Supplies {@link StandInAttempts} as the sender's {@link DeliveryAttempts}. */
@Configuration(proxyBeanMethods = false)
public class StandInAttemptsConfiguration {

    @Bean
    DeliveryAttempts deliveryAttempts(JdbcTemplate jdbc, SenderProperties properties) {
        return new StandInAttempts(jdbc, properties.webhooks().timeout());
    }
}
