package io.abk.billing.gateway.api.usage;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Wires the usage read model: its repository, and its projector (unless {@code billing.commands.projector-enabled=false},
 * as for the read model's), in a group of its own beside the projector's ({@code <projector group>-usage}), and its
 * health ({@code usageSummaries}).
 */
@Configuration(proxyBeanMethods = false)
public class UsageConfiguration {

    @Bean
    SubscriptionUsageRepository subscriptionUsageRepository(DatabaseClient db) {
        return new SubscriptionUsageRepository(db);
    }

    @Bean
    @ConditionalOnProperty(name = "billing.commands.projector-enabled", havingValue = "true", matchIfMissing = true)
    UsageSummaryProjector usageSummaryProjector(
            BillingProperties billing,
            KafkaClientSecurity security,
            Deployment deployment,
            SubscriptionUsageRepository usage) {
        var kafka = billing.kafka();
        return new UsageSummaryProjector(
                kafka.bootstrapServers(), kafka.projectorGroupId() + "-usage", security, deployment, usage);
    }

    @Bean
    @ConditionalOnProperty(name = "billing.commands.projector-enabled", havingValue = "true", matchIfMissing = true)
    UsageSummariesHealthIndicator usageSummariesHealthIndicator(UsageSummaryProjector projector) {
        return new UsageSummariesHealthIndicator(projector);
    }
}
