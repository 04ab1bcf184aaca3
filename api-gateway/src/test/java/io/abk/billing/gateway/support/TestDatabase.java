package io.abk.billing.gateway.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One real PostgreSQL server per test JVM (zonky embedded binaries), started on first use on a free port and
 * stopped when the JVM exits. Every test context of the module shares it; tests isolate their data by
 * creating their own merchants.
 */
public final class TestDatabase {

    private static volatile EmbeddedPostgres server;

    private TestDatabase() {
    }

    public static synchronized EmbeddedPostgres get() {
        if (server == null) {
            try {
                var started = EmbeddedPostgres.builder().start();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        started.close();
                    } catch (IOException ignored) {
                        // The JVM is exiting; the temp directory goes with it.
                    }
                }));
                server = started;
            } catch (IOException e) {
                throw new UncheckedIOException("could not start embedded PostgreSQL", e);
            }
        }
        return server;
    }

    public static String r2dbcUrl() {
        return "r2dbc:postgresql://localhost:" + get().getPort() + "/postgres";
    }

    public static String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + get().getPort() + "/postgres";
    }
}
