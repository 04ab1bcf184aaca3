package io.abk.billing.gateway.testkit;

import io.abk.billing.gateway.readmodel.projection.JdbcSettings;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.springframework.r2dbc.core.DatabaseClient;

/** One database of the shared embedded server, reachable by JDBC and R2DBC. */
public record TestDatabase(String name, int port) {

    public static final String USER = "postgres";

    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + port + "/" + name;
    }

    public String r2dbcUrl() {
        return "r2dbc:postgresql://localhost:" + port + "/" + name;
    }

    public JdbcSettings jdbcSettings() {
        return new JdbcSettings(jdbcUrl(), USER, null);
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), USER, "");
    }

    public PostgresqlConnectionFactory r2dbc() {
        return new PostgresqlConnectionFactory(PostgresqlConnectionConfiguration.builder()
                .host("localhost")
                .port(port)
                .database(name)
                .username(USER)
                .build());
    }

    public DatabaseClient databaseClient() {
        return DatabaseClient.create(r2dbc());
    }

    /** A single number from a query, for assertions. */
    public long count(String sql, Object... parameters) {
        try (var connection = connect();
                var statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (var rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** Runs one statement, for arranging a test's state. */
    public int execute(String sql, Object... parameters) {
        try (var connection = connect();
                var statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
