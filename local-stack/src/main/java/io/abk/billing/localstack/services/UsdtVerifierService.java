package io.abk.billing.localstack.services;

import io.abk.billing.usdt.UsdtVerifierApplication;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The companion USDT verifier, run in-process in sandbox mode on the stack's broker: the reserved hashes of its
 * {@code /v1/scenarios} select each outcome, and its {@code payment.confirmed} events reach the companion's webhook
 * endpoints through the stack's webhook sender. Its Kafka Streams state lives under the data directory.
 */
public final class UsdtVerifierService implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(UsdtVerifierService.class);

    /**
     * Auto-configurations of libraries the verifier does not use but finds on the local stack's class path (also for
     * a test that starts a verifier of its own on this class path).
     */
    public static final List<String> NOT_HERE = List.of(
            "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration",
            "org.springframework.boot.r2dbc.autoconfigure.R2dbcTransactionManagerAutoConfiguration",
            "org.springframework.boot.r2dbc.autoconfigure.R2dbcInitializationAutoConfiguration",
            "org.springframework.boot.r2dbc.autoconfigure.health.ConnectionFactoryHealthContributorAutoConfiguration",
            "org.springframework.boot.r2dbc.autoconfigure.metrics.ConnectionPoolMetricsAutoConfiguration",
            "org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcAutoConfiguration",
            "org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcRepositoriesAutoConfiguration",
            "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.health.DataSourceHealthContributorAutoConfiguration");

    private final UsdtVerifierApplication.Running running;

    private UsdtVerifierService(UsdtVerifierApplication.Running running) {
        this.running = running;
    }

    /**
     * Starts it on {@code port} (0: a free one) accepting {@code keys} (comma-separated; empty: the documented
     * development key); returns once it serves.
     */
    public static UsdtVerifierService start(String bootstrapServers, int port, String keys, Path stateDir) {
        try {
            var running = UsdtVerifierApplication.start(Map.of(
                    "BILLING_KAFKA_BOOTSTRAP_SERVERS",
                    bootstrapServers,
                    "BILLING_USDT_HTTP_PORT",
                    Integer.toString(port),
                    "BILLING_USDT_SANDBOX",
                    "true",
                    "BILLING_USDT_KEYS",
                    keys,
                    "BILLING_USDT_STATE_DIR",
                    stateDir.toString(),
                    "spring.lifecycle.timeout-per-shutdown-phase",
                    "10s",
                    // The stack's class path holds the gateway's and the sender's database libraries, which the
                    // verifier's auto-configuration would otherwise try to set up; it uses no database.
                    "spring.autoconfigure.exclude",
                    String.join(",", NOT_HERE)));
            log.info("usdt-verifier started port={} sandbox=true", running.port());
            return new UsdtVerifierService(running);
        } catch (RuntimeException e) {
            var root = e;
            Throwable cause = e;
            while (cause.getCause() != null && cause.getCause() != cause) {
                cause = cause.getCause();
            }
            throw new IllegalStateException(
                    "usdt-verifier did not start on port " + port + ": " + cause.getMessage(), root);
        }
    }

    public int port() {
        return running.port();
    }

    @Override
    public void close() {
        running.close();
        log.info("usdt-verifier stopped");
    }
}
