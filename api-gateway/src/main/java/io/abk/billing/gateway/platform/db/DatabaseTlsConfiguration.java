package io.abk.billing.gateway.platform.db;

import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.config.PostgresTls;
import io.r2dbc.spi.Option;
import java.util.Objects;
import org.springframework.boot.flyway.autoconfigure.FlywayConfigurationCustomizer;
import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * TLS to PostgreSQL ({@code BILLING_DB_SSLMODE}, {@code BILLING_DB_SSLROOTCERT}; {@link PostgresTls}) on each of the
 * gateway's connections: the R2DBC pool of the API, Flyway's JDBC connection, and the projector's JDBC connection
 * (which takes {@link #postgresTls} in its own configuration).
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseTlsConfiguration {

    @Bean
    PostgresTls postgresTls(Environment environment) {
        return PostgresTls.fromEnv(SpringLaunch.env(environment));
    }

    @Bean
    ConnectionFactoryOptionsBuilderCustomizer postgresTlsOptions(PostgresTls tls) {
        return builder -> tls.r2dbcOptions().forEach((name, value) -> builder.option(Option.valueOf(name), value));
    }

    /** Flyway's connection, from {@code spring.flyway.*}, with the mode and CA in its URL. */
    @Bean
    FlywayConfigurationCustomizer postgresTlsFlyway(PostgresTls tls, Environment environment) {
        return configuration -> {
            var url = environment.getProperty("spring.flyway.url");
            if (tls.sslMode() != null && url != null) {
                configuration.dataSource(
                        tls.jdbcUrl(url),
                        environment.getProperty("spring.flyway.user"),
                        Objects.requireNonNullElse(environment.getProperty("spring.flyway.password"), ""));
            }
        };
    }
}
