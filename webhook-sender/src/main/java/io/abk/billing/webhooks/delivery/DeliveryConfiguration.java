package io.abk.billing.webhooks.delivery;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.webhooks.attempt.DeliveryAttempts;
import io.abk.billing.webhooks.attempt.HttpDeliveryAttempts;
import io.abk.billing.webhooks.config.SenderProperties;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wiring of delivery: the schedule, the in-flight bounds, the HTTP attempts and the delivery loops. */
@Configuration(proxyBeanMethods = false)
public class DeliveryConfiguration {

    @Bean
    RetrySchedule retrySchedule(SenderProperties properties) {
        var webhooks = properties.webhooks();
        return RetrySchedule.of(webhooks.retryDelays(), webhooks.retryEvery(), webhooks.retryFor());
    }

    @Bean
    InFlightLimit inFlightLimit(SenderProperties properties) {
        return new InFlightLimit(properties.webhooks().maxInFlight());
    }

    /** An endpoint's window grows with answers within half the attempt's timeout (an endpoint nearing it, not). */
    @Bean
    EndpointLimit endpointLimit(SenderProperties properties) {
        var webhooks = properties.webhooks();
        return new EndpointLimit(
                webhooks.maxInFlightPerEndpoint(), webhooks.timeout().dividedBy(2));
    }

    /** The HTTP side (package attempt); closed after the delivery loops have drained (it is one of their dependencies). */
    @Bean(destroyMethod = "close")
    HttpDeliveryAttempts deliveryAttempts(DataSource dataSource, SenderProperties properties, SecretSealer sealer) {
        var webhooks = properties.webhooks();
        return new HttpDeliveryAttempts(
                dataSource,
                HttpDeliveryAttempts.Settings.defaults(webhooks.allowLoopbackInTest())
                        .withTimeout(webhooks.timeout())
                        .withDisableAfter(webhooks.disableAfter()),
                sealer);
    }

    @Bean
    DeliveryService deliveryService(
            SenderProperties properties,
            RetrySchedule retrySchedule,
            DeliveryAttempts attempts,
            InFlightLimit inFlightLimit,
            EndpointLimit endpointLimit,
            KafkaClientSecurity security,
            Deployment deployment) {
        return new DeliveryService(
                properties,
                security,
                deployment,
                retrySchedule,
                attempts,
                inFlightLimit,
                endpointLimit,
                Clock.systemUTC());
    }
}
