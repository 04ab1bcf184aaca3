package io.abk.billing.gateway.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestDatabase;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Map;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;
import reactor.core.publisher.Mono;

/**
 * {@code BILLING_DB_SSLMODE} reaches the drivers of each of the gateway's connections: asked to require TLS of the
 * test server, which has none, the R2DBC pool's driver and Flyway's JDBC connection both refuse to go on in plain
 * text, and the projector's JDBC URL carries the mode; left unset, they connect as before.
 */
class DatabaseTlsIT {

    private static TestDatabase database;

    @BeforeAll
    static void createDatabase() {
        database = SharedInfra.newDatabase("gateway_tls");
    }

    private static MockEnvironment environment(Map<String, String> settings) {
        var environment = new MockEnvironment()
                .withProperty("spring.flyway.url", database.jdbcUrl())
                .withProperty("spring.flyway.user", TestDatabase.USER)
                .withProperty("spring.flyway.password", "");
        settings.forEach(environment::setProperty);
        return environment;
    }

    /** Protects a deployment that asked for TLS to PostgreSQL: its connections never fall back to plain text. */
    @Test
    void shouldRefuseAServerWithoutTlsOnEveryConnectionWhenTheModeRequiresIt() {
        var configuration = new DatabaseTlsConfiguration();
        var environment = environment(Map.of("BILLING_DB_SSLMODE", "require"));
        var tls = configuration.postgresTls(environment);

        var options = ConnectionFactoryOptions.parse(database.r2dbcUrl()).mutate();
        options.option(ConnectionFactoryOptions.USER, TestDatabase.USER);
        configuration.postgresTlsOptions(tls).customize(options);
        assertThatThrownBy(
                        () -> Mono.from(ConnectionFactories.get(options.build()).create())
                                .block(Duration.ofSeconds(30)))
                .hasMessageContaining("SSL");

        var flyway = new FluentConfiguration();
        configuration.postgresTlsFlyway(tls, environment).customize(flyway);
        assertThatThrownBy(() -> flyway.getDataSource().getConnection()).hasMessageContaining("SSL");

        assertThat(tls.jdbcUrl(database.jdbcUrl())).endsWith("?sslmode=require");
    }

    @Test
    void shouldConnectAsBeforeWhenNoModeIsSet() throws Exception {
        var configuration = new DatabaseTlsConfiguration();
        var tls = configuration.postgresTls(environment(Map.of()));
        var options = ConnectionFactoryOptions.parse(database.r2dbcUrl()).mutate();
        options.option(ConnectionFactoryOptions.USER, TestDatabase.USER);
        configuration.postgresTlsOptions(tls).customize(options);

        var connection =
                Mono.from(ConnectionFactories.get(options.build()).create()).block(Duration.ofSeconds(30));
        assertThat(connection).isNotNull();
        Mono.from(connection.close()).block(Duration.ofSeconds(10));
        try (var jdbc = DriverManager.getConnection(tls.jdbcUrl(database.jdbcUrl()), TestDatabase.USER, "")) {
            assertThat(jdbc.isValid(5)).isTrue();
        }
    }
}
