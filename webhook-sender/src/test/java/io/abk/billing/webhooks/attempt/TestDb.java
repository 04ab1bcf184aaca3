package io.abk.billing.webhooks.attempt;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.abk.billing.webhookverify.WebhookSecrets;
import io.abk.billing.webhookverify.sealing.SealingKeys;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Base64;
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
    /** The keyring of the attempt tests: t1 was active before a key rotation, t2 is now. */
    static final String KEYS = "t1:" + Base64.getEncoder().encodeToString(new byte[32]) + ",t2:"
            + Base64.getEncoder()
                    .encodeToString("attempt-tests-second-sealing-key".getBytes(StandardCharsets.US_ASCII));

    private static final SecretSealer SEALER = new SecretSealer(SealingKeys.of(KEYS, "t2", false));
    /** The same keyring before the rotation: t1 seals. */
    static final SecretSealer BEFORE_ROTATION = new SecretSealer(SealingKeys.of(KEYS, "t1", false));

    private TestDb() {}

    static synchronized DataSource dataSource() {
        if (dataSource == null) {
            try {
                var postgres = EmbeddedPostgres.start();
                var config = new HikariConfig();
                config.setJdbcUrl(postgres.getJdbcUrl("postgres", "postgres"));
                config.setUsername("postgres");
                config.setMaximumPoolSize(8);
                var started = new HikariDataSource(config);
                Flyway.configure()
                        .dataSource(started)
                        .locations("classpath:db/migration")
                        .load()
                        .migrate();
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

    /** What the attempts open the stored secrets with. */
    static SecretSealer sealer() {
        return SEALER;
    }

    static JdbcTemplate jdbc() {
        return new JdbcTemplate(dataSource());
    }

    static String merchant() {
        var id = "mer_" + UUID.randomUUID().toString().replace("-", "");
        jdbc().update(
                        "INSERT INTO merchants (id, name, created_at, updated_at) VALUES (?, ?, now(), now())",
                        id,
                        "Shop " + id);
        return id;
    }

    /** A new enabled endpoint with a fresh secret stored plain, as rows written before sealing are; returns it. */
    static Endpoint endpoint(String merchantId, String mode, String url) {
        return endpoint(merchantId, mode, url, null);
    }

    /** A new enabled endpoint with a fresh secret sealed by {@code sealer} for its row (plain when null); returns it. */
    static Endpoint endpoint(String merchantId, String mode, String url, @Nullable SecretSealer sealer) {
        var id = "we_" + UUID.randomUUID().toString().replace("-", "");
        var secret = WebhookSecrets.generate();
        jdbc().update(
                        "INSERT INTO webhook_endpoints (id, merchant_id, mode, url, secret, created_at, updated_at)"
                                + " VALUES (?, ?, ?, ?, ?, now(), now())",
                        id,
                        merchantId,
                        mode,
                        url,
                        sealer == null ? secret : sealer.seal(secret, id));
        return new Endpoint(id, merchantId, mode, secret);
    }

    record Endpoint(String id, String merchantId, String mode, String secret) {}

    /** The endpoint as the sender sees it (disabled, disabled_reason) with its failing streak's start (failing_since). */
    static Map<String, Object> endpointRow(String id) {
        return jdbc().queryForMap(
                        "SELECT d.*, h.failing_since FROM delivery_endpoints d LEFT JOIN webhook_endpoint_health h"
                                + " ON h.endpoint_id = d.id AND h.generation = d.generation WHERE d.id = ?",
                        id);
    }

    /**
     * Holds the lock of the endpoint's health row in the current transaction (making the row when it has none), so
     * an attempt's health change must wait for it.
     */
    static void lockHealth(String endpointId) {
        jdbc().update(
                        "INSERT INTO webhook_endpoint_health (endpoint_id, generation) VALUES (?, 0)"
                                + " ON CONFLICT (endpoint_id) DO UPDATE SET generation = EXCLUDED.generation",
                        endpointId);
    }

    /** The endpoint's attempt rows, oldest first. */
    static List<Map<String, Object>> attempts(String endpointId) {
        return jdbc().queryForList(
                        "SELECT * FROM webhook_delivery_attempts WHERE endpoint_id = ? ORDER BY id", endpointId);
    }

    static Timestamp timestamp(Instant instant) {
        return Timestamp.from(instant);
    }
}
