package io.abk.billing.gateway.api.testclock;

import io.abk.billing.gateway.command.AcknowledgedProducer;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.controlplane.clock.TestClockStore;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * Wires the test clock resource: the publisher of {@code billing.test-clocks} and the service that applies a
 * change. The stored clock and the effective now it gives are the control plane's
 * ({@code EffectiveClockConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
public class TestClockConfiguration {

    /** The {@code Retry-After} of a 503 when the clock could not be published. */
    static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    @Bean(destroyMethod = "close")
    TestClockPublisher testClockPublisher(AcknowledgedProducer.Settings producers) {
        return new TestClockPublisher(producers.producerTo(Topics.TEST_CLOCKS, "api-gateway-test-clocks"));
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
