package io.abk.billing.gateway.controlplane.clock;

import io.abk.billing.gateway.config.BillingProperties;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;

/** Wires the merchants' stored test clocks, the effective clock (cached for the key cache's TTL) and its filter. */
@Configuration(proxyBeanMethods = false)
public class EffectiveClockConfiguration {

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
}
