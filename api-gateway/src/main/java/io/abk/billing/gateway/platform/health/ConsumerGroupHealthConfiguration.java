package io.abk.billing.gateway.platform.health;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.schemas.topic.Deployment;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The health components of the stream applications behind the command path, each named by its bean:
 * {@code billingStreams} (decides every command) and {@code settlement} (settles charges and refunds), by their
 * application ids in the gateway's deployment.
 */
@Configuration(proxyBeanMethods = false)
public class ConsumerGroupHealthConfiguration {

    @Bean
    ConsumerGroupHealthIndicator billingStreamsHealthIndicator(
            @Qualifier("gatewayKafkaAdmin") Admin admin, BillingProperties billing, Deployment deployment) {
        return new ConsumerGroupHealthIndicator(
                admin, deployment.name(billing.kafka().streamsApplicationId()));
    }

    @Bean
    ConsumerGroupHealthIndicator settlementHealthIndicator(
            @Qualifier("gatewayKafkaAdmin") Admin admin, BillingProperties billing, Deployment deployment) {
        return new ConsumerGroupHealthIndicator(
                admin, deployment.name(billing.kafka().settlementApplicationId()));
    }
}
