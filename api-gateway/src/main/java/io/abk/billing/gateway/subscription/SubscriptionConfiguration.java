package io.abk.billing.gateway.subscription;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;

/** Beans of the subscription routes. */
@Configuration(proxyBeanMethods = false)
public class SubscriptionConfiguration {

    @Bean
    SubscriptionReadModel subscriptionReadModel(DatabaseClient db) {
        return new SubscriptionReadModel(db);
    }
}
