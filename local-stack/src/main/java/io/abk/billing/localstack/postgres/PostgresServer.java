package io.abk.billing.localstack.postgres;

import io.abk.billing.localstack.lifecycle.FreePorts;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL server (zonky's binaries) whose data directory persists between runs, with the
 * {@code billing} role and database the gateway connects to. The server trusts local connections, so the
 * password only has to match what the gateway sends.
 */
public final class PostgresServer implements AutoCloseable {

    public static final String DATABASE = "billing";
    public static final String USER = "billing";
    public static final String PASSWORD = "billing";

    private static final Logger log = LoggerFactory.getLogger(PostgresServer.class);
    /** initdb on a busy 2-core machine takes several seconds; zonky's default of 10 s is too tight. */
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);

    private final EmbeddedPostgres postgres;
    private final Path dataDir;

    private PostgresServer(EmbeddedPostgres postgres, Path dataDir) {
        this.postgres = postgres;
        this.dataDir = dataDir;
    }

    /** Starts PostgreSQL on {@code port} (0 picks a free one) with its data in {@code dataDir}. */
    public static PostgresServer start(Path dataDir, int port) {
        var resolvedPort = FreePorts.resolve(port);
        EmbeddedPostgres postgres;
        try {
            Files.createDirectories(dataDir);
            StalePostmaster.stopIfRunning(dataDir);
            postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(false)
                    .setPort(resolvedPort)
                    .setPGStartupWait(STARTUP_WAIT)
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not start on port " + resolvedPort + " with data in " + dataDir
                    + ": " + e.getMessage(), e);
        }
        var server = new PostgresServer(postgres, dataDir);
        try {
            server.ensureDatabase();
        } catch (SQLException e) {
            server.close();
            throw new IllegalStateException("could not create the " + DATABASE + " database: " + e.getMessage(), e);
        }
        log.info("postgres started port={} dir={}", resolvedPort, dataDir);
        return server;
    }

    public int port() {
        return postgres.getPort();
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + DATABASE;
    }

    public String r2dbcUrl() {
        return "r2dbc:postgresql://127.0.0.1:" + port() + "/" + DATABASE;
    }

    /** The {@code billing} database as the {@code billing} user. */
    public DataSource dataSource() {
        return postgres.getDatabase(USER, DATABASE);
    }

    private void ensureDatabase() throws SQLException {
        try (var connection = postgres.getPostgresDatabase().getConnection(); var statement = connection.createStatement()) {
            try (var roles = statement.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + USER + "'")) {
                if (!roles.next()) {
                    statement.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + PASSWORD + "'");
                }
            }
            try (var databases = statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
                if (!databases.next()) {
                    statement.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
                    log.info("postgres database created name={}", DATABASE);
                }
            }
        }
    }

    /** Stops the server; its data directory stays for the next start. */
    @Override
    public void close() {
        try {
            postgres.close();
            log.info("postgres stopped dir={}", dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not stop cleanly: " + e.getMessage(), e);
        }
    }
}
