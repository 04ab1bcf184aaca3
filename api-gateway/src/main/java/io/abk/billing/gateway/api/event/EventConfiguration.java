package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.command.AcknowledgedProducer;
import io.abk.billing.schemas.topic.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the redelivery producer. */
@Configuration(proxyBeanMethods = false)
public class EventConfiguration {

    @Bean(destroyMethod = "close")
    DeliveryPublisher deliveryPublisher(AcknowledgedProducer.Settings producers) {
        return new DeliveryPublisher(producers.producerTo(Topics.WEBHOOK_DELIVERIES, "api-gateway-redeliveries"));
    }
}
