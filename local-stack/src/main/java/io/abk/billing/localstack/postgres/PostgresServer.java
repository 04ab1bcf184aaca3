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
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL server (zonky's binaries) whose data directory persists between runs, with the
 * {@code billing} role and database the gateway connects to. The server trusts local connections, so the
 * password only has to match what the gateway sends. It can be {@linkplain #stop stopped} and {@linkplain #restart started
 * again} on the same data directory and port, so that its clients reconnect on their own (an outage, as the fault tests
 * make one).
 */
public final class PostgresServer implements AutoCloseable {

    public static final String DATABASE = "billing";
    public static final String USER = "billing";
    public static final String PASSWORD = "billing";

    private static final Logger log = LoggerFactory.getLogger(PostgresServer.class);
    /**
     * initdb on a busy 2-core machine takes several seconds (zonky's default of 10 s is too tight), and on a CI machine
     * starved of CPU the server once still did not answer its first connection after 60 s. A deadline, not a delay:
     * the start returns as soon as the server answers.
     */
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(180);

    private final Path dataDir;
    private final int port;
    /** The running server, {@code null} while {@linkplain #stop stopped}. */
    private @Nullable EmbeddedPostgres postgres;

    private PostgresServer(EmbeddedPostgres postgres, Path dataDir, int port) {
        this.postgres = postgres;
        this.dataDir = dataDir;
        this.port = port;
    }

    /** Starts PostgreSQL on {@code port} (0 picks a free one) with its data in {@code dataDir}. */
    public static PostgresServer start(Path dataDir, int port) {
        var resolvedPort = FreePorts.resolve(port);
        var server = new PostgresServer(launch(dataDir, resolvedPort), dataDir, resolvedPort);
        try {
            server.ensureDatabase();
        } catch (SQLException e) {
            server.close();
            throw new IllegalStateException("could not create the " + DATABASE + " database: " + e.getMessage(), e);
        }
        log.info("postgres started port={} dir={}", resolvedPort, dataDir);
        return server;
    }

    private static EmbeddedPostgres launch(Path dataDir, int port) {
        try {
            Files.createDirectories(dataDir);
            StalePostmaster.stopIfRunning(dataDir);
            return EmbeddedPostgres.builder()
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(false)
                    .setPort(port)
                    .setPGStartupWait(STARTUP_WAIT)
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "PostgreSQL did not start on port " + port + " with data in " + dataDir + ": " + e.getMessage(), e);
        }
    }

    public int port() {
        return port;
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + DATABASE;
    }

    public String r2dbcUrl() {
        return "r2dbc:postgresql://127.0.0.1:" + port() + "/" + DATABASE;
    }

    /** The {@code billing} database as the {@code billing} user. */
    public synchronized DataSource dataSource() {
        return running().getDatabase(USER, DATABASE);
    }

    private EmbeddedPostgres running() {
        var running = postgres;
        if (running == null) {
            throw new IllegalStateException("PostgreSQL is stopped");
        }
        return running;
    }

    private void ensureDatabase() throws SQLException {
        try (var connection = running().getPostgresDatabase().getConnection();
                var statement = connection.createStatement()) {
            try (var roles = statement.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + USER + "'")) {
                if (!roles.next()) {
                    statement.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + PASSWORD + "'");
                }
            }
            try (var databases =
                    statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
                if (!databases.next()) {
                    statement.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
                    log.info("postgres database created name={}", DATABASE);
                }
            }
        }
    }

    /**
     * Stops the server as {@link #close} does, keeping its data directory and port for {@link #restart}: its clients
     * see it gone until then.
     */
    public synchronized void stop() {
        var running = postgres;
        if (running == null) {
            return;
        }
        postgres = null;
        try {
            running.close();
            log.info("postgres stopped dir={}", dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not stop cleanly: " + e.getMessage(), e);
        }
    }

    /** Starts a {@linkplain #stop stopped} server again on the same data directory and port. */
    public synchronized void restart() {
        if (postgres != null) {
            return;
        }
        postgres = launch(dataDir, port);
        log.info("postgres restarted port={} dir={}", port, dataDir);
    }

    /** Stops the server; its data directory stays for the next start. */
    @Override
    public void close() {
        stop();
    }
}
