package io.abk.billing.gateway.command.testkit;

import io.abk.billing.gateway.command.CommandsConfiguration;
import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.idempotency.IdempotencyConfiguration;
import io.abk.billing.gateway.json.JsonConfig;
import io.abk.billing.gateway.projection.ProjectionConfiguration;
import io.abk.billing.gateway.subscription.SubscriptionConfiguration;
import io.abk.billing.gateway.subscription.SubscriptionRoutes;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

/**
 * A gateway of just the write path, read model and subscription routes, with {@link TestPlatform} in place of
 * the platform packages (no component scan, so the platform's own beans stay out after the branches merge).
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@EnableConfigurationProperties(BillingProperties.class)
@Import({JsonConfig.class, CommandsConfiguration.class, ProjectionConfiguration.class, IdempotencyConfiguration.class,
        SubscriptionConfiguration.class, SubscriptionRoutes.class, TestPlatform.class})
public class CommandsTestApplication {
}
