package io.abk.billing.webhooks.attempt;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.abk.billing.webhookverify.WebhookSecrets;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * One embedded PostgreSQL for every attempt test in the JVM, migrated with the real Flyway migrations. Tests never
 * share rows: each makes its own merchant and endpoints.
 */
final class TestDb {

    private static @Nullable HikariDataSource dataSource;

    private TestDb() {
    }

    static synchronized DataSource dataSource() {
        if (dataSource == null) {
            try {
                var postgres = EmbeddedPostgres.start();
                var config = new HikariConfig();
                config.setJdbcUrl(postgres.getJdbcUrl("postgres", "postgres"));
                config.setUsername("postgres");
                config.setMaximumPoolSize(8);
                var started = new HikariDataSource(config);
                Flyway.configure().dataSource(started).locations("classpath:db/migration").load().migrate();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    started.close();
                    try {
                        postgres.close();
                    } catch (IOException ignored) {
                        // The JVM is exiting.
                    }
                }));
                dataSource = started;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start embedded PostgreSQL", e);
            }
        }
        return dataSource;
    }

    static JdbcTemplate jdbc() {
        return new JdbcTemplate(dataSource());
    }

    static String merchant() {
        var id = "mer_" + UUID.randomUUID().toString().replace("-", "");
        jdbc().update("INSERT INTO merchants (id, name, created_at, updated_at) VALUES (?, ?, now(), now())", id, "Shop " + id);
        return id;
    }

    /** A new enabled endpoint with a fresh secret; returns its id. */
    static Endpoint endpoint(String merchantId, String mode, String url) {
        var id = "we_" + UUID.randomUUID().toString().replace("-", "");
        var secret = WebhookSecrets.generate();
        jdbc().update("INSERT INTO webhook_endpoints (id, merchant_id, mode, url, secret, created_at, updated_at)"
                + " VALUES (?, ?, ?, ?, ?, now(), now())", id, merchantId, mode, url, secret);
        return new Endpoint(id, merchantId, mode, secret);
    }

    record Endpoint(String id, String merchantId, String mode, String secret) {
    }

    static Map<String, Object> endpointRow(String id) {
        return jdbc().queryForMap("SELECT * FROM webhook_endpoints WHERE id = ?", id);
    }

    /** The endpoint's attempt rows, oldest first. */
    static List<Map<String, Object>> attempts(String endpointId) {
        return jdbc().queryForList("SELECT * FROM webhook_delivery_attempts WHERE endpoint_id = ? ORDER BY id", endpointId);
    }

    static Timestamp timestamp(Instant instant) {
        return Timestamp.from(instant);
    }
}
