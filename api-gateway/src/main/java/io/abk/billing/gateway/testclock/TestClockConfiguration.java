package io.abk.billing.gateway.testclock;

import io.abk.billing.gateway.audit.AuditLog;
import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import java.time.Clock;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;

/** Wires test clocks: the store, the publisher, the effective clock (cached for the key cache's TTL) and its filter. */
@Configuration(proxyBeanMethods = false)
public class TestClockConfiguration {

    /** The {@code Retry-After} of a 503 when the clock could not be published. */
    static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    @Bean
    TestClockStore testClockStore(DatabaseClient db) {
        return new TestClockStore(db);
    }

    @Bean
    EffectiveClock effectiveClock(Clock clock, TestClockStore store, BillingProperties billing) {
        return new EffectiveClock(clock, store::find, billing.auth().keyCacheTtl(), System::nanoTime);
    }

    @Bean
    TestClockFilter testClockFilter(EffectiveClock clock) {
        return new TestClockFilter(clock);
    }

    /** Gives up on a publish within half the request timeout, so a broker outage is a 503 before the request times out. */
    @Bean(destroyMethod = "close")
    TestClockPublisher testClockPublisher(
            BillingProperties billing, KafkaClientSecurity security, Deployment deployment) {
        return TestClockPublisher.create(
                billing.kafka().bootstrapServers(),
                security,
                deployment,
                billing.requestTimeout().dividedBy(2));
    }

    @Bean
    TestClockService testClockService(
            TestClockStore store,
            TestClockPublisher publisher,
            EffectiveClock clock,
            TransactionalOperator tx,
            AuditLog audit) {
        return new TestClockService(store, publisher, clock, tx, RETRY_AFTER, audit);
    }
}
