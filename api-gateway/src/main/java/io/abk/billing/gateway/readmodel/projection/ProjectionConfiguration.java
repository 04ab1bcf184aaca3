package io.abk.billing.gateway.readmodel.projection;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.config.CommandsProperties;
import io.abk.billing.opskit.config.PostgresTls;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.micrometer.core.instrument.MeterRegistry;
import io.r2dbc.spi.ConnectionFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.r2dbc.core.DatabaseClient;

/** Wires the read-model projector (unless {@code billing.commands.projector-enabled=false}) and the outcome waiter. */
@Configuration(proxyBeanMethods = false)
public class ProjectionConfiguration {

    static final String PROJECTOR_ENABLED = "billing.commands.projector-enabled";

    @Bean
    OutcomeWaiter outcomeWaiter(DatabaseClient db) {
        return new OutcomeWaiter(new OutcomeQueries(db));
    }

    @Bean
    OutcomeNotifications outcomeNotifications(
            ConnectionFactory connectionFactory, OutcomeWaiter waiter, CommandsProperties commands) {
        return new OutcomeNotifications(
                OutcomeNotifications.postgresFactory(connectionFactory), waiter, commands.maxBackoff());
    }

    /** Kept current by this replica's projector; without one, never serving. */
    @Bean
    ProjectedResources projectedResources(CommandsProperties commands) {
        return commands.projectorEnabled()
                ? new ProjectedResources(commands.readCacheMaxEntries(), System::nanoTime)
                : ProjectedResources.none();
    }

    @Bean
    @ConditionalOnProperty(name = PROJECTOR_ENABLED, havingValue = "true", matchIfMissing = true)
    ChangeProjector changeProjector(
            BillingProperties billing,
            CommandsProperties commands,
            Environment environment,
            OutcomeWaiter waiter,
            ProjectedResources resources,
            ObjectProvider<MeterRegistry> registry,
            KafkaClientSecurity security,
            Deployment deployment,
            PostgresTls tls) {
        var kafka = billing.kafka();
        var settings = new ProjectorSettings(
                        kafka.bootstrapServers(),
                        kafka.projectorGroupId(),
                        commands.projectorMaxBatch(),
                        commands.projectorPollTimeout(),
                        commands.maxBackoff())
                .withInstanceId(kafka.projectorInstanceId())
                .withSecurity(security)
                .withDeployment(deployment);
        var projector = new ChangeProjector(settings, jdbcSettings(commands, environment, tls), waiter, resources);
        registry.ifAvailable(projector::bindMetrics);
        return projector;
    }

    @Bean
    @ConditionalOnProperty(name = PROJECTOR_ENABLED, havingValue = "true", matchIfMissing = true)
    ProjectorHealthIndicator projectorHealthIndicator(
            ChangeProjector projector,
            OutcomeNotifications notifications,
            OutcomeWaiter waiter,
            BillingProperties billing,
            Deployment deployment) {
        return new ProjectorHealthIndicator(
                projector,
                notifications,
                waiter,
                deployment.name(billing.kafka().projectorGroupId()));
    }

    /**
     * The projector's JDBC connection: {@code billing.commands.jdbc-*} when set, else Flyway's settings (the
     * same database the migrations ran on), else derived from the R2DBC URL; with the database's TLS settings.
     */
    static JdbcSettings jdbcSettings(CommandsProperties commands, Environment environment, PostgresTls tls) {
        var url = first(
                commands.jdbcUrl(),
                environment.getProperty("spring.flyway.url"),
                jdbcUrlOf(environment.getProperty("spring.r2dbc.url")));
        if (url == null) {
            throw new IllegalStateException("the read-model projector needs a JDBC URL: set billing.commands.jdbc-url"
                    + " (or spring.flyway.url / spring.r2dbc.url)");
        }
        var username = first(
                commands.jdbcUsername(),
                environment.getProperty("spring.flyway.user"),
                environment.getProperty("spring.r2dbc.username"));
        var password = first(
                commands.jdbcPassword(),
                environment.getProperty("spring.flyway.password"),
                environment.getProperty("spring.r2dbc.password"));
        return new JdbcSettings(tls.jdbcUrl(url), username, password);
    }

    /** {@code r2dbc:postgresql://host:port/db?x} (or {@code r2dbc:pool:postgresql:...}) to {@code jdbc:postgresql://host:port/db}. */
    static @Nullable String jdbcUrlOf(@Nullable String r2dbcUrl) {
        if (r2dbcUrl == null || r2dbcUrl.isBlank()) {
            return null;
        }
        var url = r2dbcUrl.strip().replaceFirst("^r2dbcs?:(pool:)?", "");
        if (!url.startsWith("postgresql://") && !url.startsWith("postgres://")) {
            return null;
        }
        var query = url.indexOf('?');
        return "jdbc:postgresql://" + (query < 0 ? url : url.substring(0, query)).replaceFirst("^postgres(ql)?://", "");
    }

    private static @Nullable String first(@Nullable String... candidates) {
        for (var candidate : candidates) {
            if (candidate != null && !candidate.isBlank()) {
                return candidate;
            }
        }
        return null;
    }
}
