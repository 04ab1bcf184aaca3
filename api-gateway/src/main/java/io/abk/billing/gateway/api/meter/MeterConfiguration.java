package io.abk.billing.gateway.api.meter;

import io.abk.billing.gateway.command.AcknowledgedProducer;
import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.schemas.topic.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the writer of {@code billing.meter-events}. */
@Configuration(proxyBeanMethods = false)
public class MeterConfiguration {

    @Bean(destroyMethod = "close")
    MeterEventPublisher meterEventPublisher(AcknowledgedProducer.Settings producers, BillingProperties billing) {
        return new MeterEventPublisher(
                Topics.METER_EVENTS.name(producers.deployment()),
                producers.batchingProducer(
                        Topics.METER_EVENTS,
                        "api-gateway-meter-events",
                        billing.kafka().producerLinger()));
    }
}
