package io.abk.billing.localstack.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded PostgreSQL keeps its data directory: rows written before a restart are there after it. */
class PostgresServerIT {

    @TempDir
    Path dataDir;

    @Test
    void shouldKeepRowsWhenRestartedOnTheSameDataDirectory() throws Exception {
        var pgDir = dataDir.resolve("postgres");
        // given a first server with a row written as the billing user
        try (var postgres = PostgresServer.start(pgDir, 0);
                var connection =
                        DriverManager.getConnection(postgres.jdbcUrl(), PostgresServer.USER, PostgresServer.PASSWORD);
                var statement = connection.createStatement()) {
            statement.execute("CREATE TABLE kept (id text PRIMARY KEY, amount_micros bigint NOT NULL)");
            statement.execute("INSERT INTO kept VALUES ('sub_1', 9990000)");
        }

        // when a second server starts on the same directory (and another port)
        try (var postgres = PostgresServer.start(pgDir, 0);
                var connection = postgres.dataSource().getConnection();
                var statement = connection.createStatement();
                var rows = statement.executeQuery("SELECT id, amount_micros FROM kept")) {
            // then the row is there, in the billing database
            assertThat(postgres.jdbcUrl()).endsWith("/billing");
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString(1)).isEqualTo("sub_1");
            assertThat(rows.getLong(2)).isEqualTo(9_990_000L);
            assertThat(rows.next()).isFalse();
        }
    }

    @Test
    void shouldServeTheSameUrlWithItsRowsWhenStoppedAndRestarted() throws Exception {
        try (var postgres = PostgresServer.start(dataDir.resolve("postgres"), 0)) {
            // given a server with a row
            var url = postgres.jdbcUrl();
            try (var connection = DriverManager.getConnection(url, PostgresServer.USER, PostgresServer.PASSWORD);
                    var statement = connection.createStatement()) {
                statement.execute("CREATE TABLE kept (id text PRIMARY KEY)");
                statement.execute("INSERT INTO kept VALUES ('sub_1')");
            }

            // when it stops, then a client cannot connect
            postgres.stop();
            assertThatThrownBy(() -> DriverManager.getConnection(url, PostgresServer.USER, PostgresServer.PASSWORD)
                            .close())
                    .isInstanceOf(SQLException.class);

            // and when it starts again, the same URL serves the row
            postgres.restart();
            assertThat(postgres.jdbcUrl()).isEqualTo(url);
            try (var connection = DriverManager.getConnection(url, PostgresServer.USER, PostgresServer.PASSWORD);
                    var statement = connection.createStatement();
                    var rows = statement.executeQuery("SELECT id FROM kept")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).isEqualTo("sub_1");
            }
        }
    }
}
