package io.abk.billing.webhooks.delivery;

import io.abk.billing.webhooks.attempt.DeliveryAttempts;
import io.abk.billing.webhooks.config.SenderProperties;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wiring of delivery: the schedule, the in-flight bound and the delivery loops. */
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

    @Bean
    DeliveryService deliveryService(SenderProperties properties, RetrySchedule retrySchedule, DeliveryAttempts attempts,
            InFlightLimit inFlightLimit) {
        return new DeliveryService(properties, retrySchedule, attempts, inFlightLimit, Clock.systemUTC());
    }
}
