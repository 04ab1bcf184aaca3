package io.abk.billing.gateway.readmodel.projection;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.config.CommandsProperties;
import io.abk.billing.gateway.config.KafkaSecurityConfiguration;
import io.abk.billing.gateway.platform.db.DatabaseTlsConfiguration;
import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestDatabase;
import io.r2dbc.spi.ConnectionFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;

/** {@code billing.commands.projector-enabled}: a context can wait for outcomes without projecting itself. */
class ProjectionConfigurationIT {

    private static TestDatabase db;

    @BeforeAll
    static void database() {
        db = SharedInfra.newDatabase("projection_config_it");
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties({BillingProperties.class, CommandsProperties.class})
    static class Database {
        @Bean
        ConnectionFactory connectionFactory() {
            return db.r2dbc();
        }

        @Bean
        DatabaseClient databaseClient(ConnectionFactory factory) {
            return DatabaseClient.create(factory);
        }
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(
                    Database.class,
                    KafkaSecurityConfiguration.class,
                    DatabaseTlsConfiguration.class,
                    ProjectionConfiguration.class)
            .withPropertyValues(
                    "billing.admin-token=test-admin-token-0123456789",
                    "billing.kafka.bootstrap-servers=" + SharedInfra.kafkaBootstrap(),
                    "billing.commands.jdbc-url=jdbc:postgresql://localhost:1/none");

    @Test
    void shouldWaitForOutcomesWithoutAProjectorWhenItIsDisabled() {
        runner.withPropertyValues("billing.commands.projector-enabled=false").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(ChangeProjector.class);
            assertThat(context).doesNotHaveBean(ProjectorHealthIndicator.class);
            assertThat(context).hasSingleBean(OutcomeWaiter.class);
            assertThat(context).hasSingleBean(OutcomeNotifications.class);
        });
    }

    @Test
    void shouldRunTheProjectorWithItsHealthWhenNotDisabled() {
        runner.run(context -> {
            assertThat(context).hasSingleBean(ChangeProjector.class);
            assertThat(context).hasBean("projectorHealthIndicator");
        });
    }
}
