package io.abk.billing.bench.workload;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Baseline: the payload inserted as one row (jsonb) per operation, each in its own auto-committed transaction,
 * over a pool of JDBC connections to the same PostgreSQL server. The floor of any path that commits to
 * PostgreSQL once per request.
 */
public final class PostgresInsertWorkload implements Workload {

    private final BlockingQueue<Connection> connections;
    private final ExecutorService executor;

    public PostgresInsertWorkload(String jdbcUrl, String user, String password, int poolSize) {
        connections = new ArrayBlockingQueue<>(poolSize);
        executor = Executors.newFixedThreadPool(poolSize);
        try {
            for (int i = 0; i < poolSize; i++) {
                connections.add(DriverManager.getConnection(jdbcUrl, user, password));
            }
            try (var statement = connections.peek().createStatement()) {
                statement.execute(
                        "CREATE TABLE IF NOT EXISTS bench_payloads (id bigint PRIMARY KEY, body jsonb NOT NULL)");
                statement.execute("TRUNCATE bench_payloads");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot prepare the PostgreSQL baseline at " + jdbcUrl, e);
        }
    }

    @Override
    public String name() {
        return "PostgreSQL insert, one transaction per row (baseline)";
    }

    @Override
    public CompletableFuture<Void> execute(long sequence) {
        return CompletableFuture.runAsync(
                () -> {
                    Connection connection = null;
                    try {
                        connection = connections.take();
                        try (var insert = connection.prepareStatement(
                                "INSERT INTO bench_payloads (id, body) VALUES (?, ?::jsonb)")) {
                            insert.setLong(1, sequence);
                            insert.setString(
                                    2, new String(Payloads.createSubscription(sequence), StandardCharsets.UTF_8));
                            insert.executeUpdate();
                        }
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    } finally {
                        if (connection != null) {
                            connections.add(connection);
                        }
                    }
                },
                executor);
    }

    @Override
    public void close() {
        executor.shutdownNow();
        for (var connection : connections) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // Closing at the end of a run; nothing to recover.
            }
        }
    }
}
