package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the redelivery producer. */
@Configuration(proxyBeanMethods = false)
public class EventConfiguration {

    /** Gives up on a send within half the request timeout, so a broker outage is a 503 before the request times out. */
    @Bean(destroyMethod = "close")
    DeliveryPublisher deliveryPublisher(
            BillingProperties billing, KafkaClientSecurity security, Deployment deployment) {
        return DeliveryPublisher.create(
                billing.kafka().bootstrapServers(),
                security,
                deployment,
                billing.requestTimeout().dividedBy(2));
    }
}
