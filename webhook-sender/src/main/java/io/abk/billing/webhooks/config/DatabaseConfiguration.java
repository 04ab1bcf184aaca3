package io.abk.billing.webhooks.config;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.config.PostgresTls;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The control-plane database: a pool, migrated by Flyway before anything reads it (the migrations live in the
 * {@code postgres-schema} module; the gateway migrates the same way, and Flyway's lock makes the two safe), over TLS
 * as {@code BILLING_DB_SSLMODE} says ({@link PostgresTls}).
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseConfiguration {

    @Bean(destroyMethod = "close")
    HikariDataSource dataSource(SenderProperties properties, Environment environment) {
        var db = properties.db();
        var config = new HikariConfig();
        config.setPoolName("webhook-sender");
        config.setJdbcUrl(PostgresTls.fromEnv(SpringLaunch.env(environment)).jdbcUrl(db.url()));
        config.setUsername(db.user());
        config.setPassword(db.password());
        // Attempts log a row each and fan-out writes in batches: a few connections keep up with both.
        config.setMaximumPoolSize(10);
        var dataSource = new HikariDataSource(config);
        try {
            Flyway.configure()
                    .dataSource(dataSource)
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
        return dataSource;
    }

    @Bean
    JdbcTemplate jdbcTemplate(DataSource dataSource) {
        return new JdbcTemplate(dataSource);
    }
}
