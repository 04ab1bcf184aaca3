package io.abk.billing.gateway.command;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.config.CommandsProperties;
import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.readmodel.projection.OutcomeWaiter;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the write path: the command producer, the envelope stamper, the dispatcher and the command runner of the routes. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(CommandsProperties.class)
public class CommandsConfiguration {

    @Bean(destroyMethod = "close")
    CommandProducer commandProducer(
            BillingProperties billing,
            CommandsProperties commands,
            KafkaClientSecurity security,
            Deployment deployment) {
        commands.checkLeaseCovers(billing.requestTimeout());
        var kafka = billing.kafka();
        var producer = CommandProducer.create(
                kafka.bootstrapServers(),
                security,
                deployment,
                kafka.producerLinger(),
                commands.deliveryTimeout(billing.requestTimeout()));
        producer.warmUp();
        return producer;
    }

    /**
     * The producers of test clocks and redeliveries give up on a send within half the request timeout, so a broker
     * outage is a 503 before the request times out.
     */
    @Bean
    AcknowledgedProducer.Settings acknowledgedProducerSettings(
            BillingProperties billing, KafkaClientSecurity security, Deployment deployment) {
        return new AcknowledgedProducer.Settings(
                billing.kafka().bootstrapServers(),
                security,
                deployment,
                billing.requestTimeout().dividedBy(2));
    }

    /** Stamps with each merchant's and mode's effective now (test clocks). */
    @Bean
    CommandStamper commandStamper(EffectiveClock clock) {
        return new CommandStamper(clock);
    }

    @Bean
    Commands commands(CommandDispatcher dispatcher, CommandStamper stamper) {
        return new Commands(dispatcher, stamper);
    }

    @Bean
    CommandDispatcher commandDispatcher(
            CommandProducer producer,
            OutcomeWaiter waiter,
            BillingProperties billing,
            CommandsProperties commands,
            ObjectProvider<MeterRegistry> registry) {
        return new CommandDispatcher(
                producer,
                waiter,
                billing.requestTimeout(),
                commands.retryAfter(),
                new CommandLatencyMeters(registry.getIfAvailable(SimpleMeterRegistry::new)));
    }
}
