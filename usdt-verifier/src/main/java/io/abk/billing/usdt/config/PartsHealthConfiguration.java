package io.abk.billing.usdt.config;

import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.usdt.command.OutcomeFeed;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code /actuator/health} components: {@code intentStreams} (UP while the intents' Kafka Streams app runs, with
 * its state and what it waits for) and {@code outcomeFeed} (UP once the outcomes are read from their end). Until both
 * are up, commands wait or answer 503.
 */
@Configuration(proxyBeanMethods = false)
public class PartsHealthConfiguration {

    @Bean
    HealthIndicator intentStreamsHealthIndicator(StreamsApp app) {
        return () -> {
            var readiness = app.readiness();
            var health = readiness.up() ? Health.up() : Health.down();
            readiness.details().forEach(health::withDetail);
            return health.build();
        };
    }

    @Bean
    HealthIndicator outcomeFeedHealthIndicator(OutcomeFeed feed) {
        return () -> feed.isReady() && feed.isAlive()
                ? Health.up().build()
                : Health.down()
                        .withDetail("ready", feed.isReady())
                        .withDetail("alive", feed.isAlive())
                        .build();
    }
}
