package io.abk.billing.webhooks.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.webhooks.testkit.SenderInfra;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A deployment upgrades in place: what the sender wrote into the gateway's tables before it had its own (an endpoint's
 * failing streak and disabling, the USDT companion's merchant and endpoints) is in the sender's tables afterwards,
 * under the same ids, and every endpoint reads as it did.
 */
class SenderTablesUpgradeIT {

    @Test
    void shouldMoveTheSendersRowsIntoItsOwnTablesWhenADeploymentOfV8Migrates() {
        // given a database at V8 with a failing endpoint, one the sender disabled, and the companion's
        var jdbcUrl = SenderInfra.newDatabase();
        var dataSource = new DriverManagerDataSource(jdbcUrl, "postgres", "");
        migrate(dataSource, MigrationVersion.fromVersion("8"));
        var jdbc = new JdbcTemplate(dataSource);
        jdbc.update(
                "INSERT INTO merchants (id, name, created_at, updated_at) VALUES ('mer_shop', 'Shop', now(), now())");
        jdbc.update("INSERT INTO merchants (id, name, bootstrap_tag, created_at, updated_at)"
                + " VALUES ('mer_companion', 'USDT companion', 'usdt-companion', now(), now())");
        endpoint(jdbc, "we_failing", "mer_shop", "false, NULL, '2030-01-01T00:00:00Z'");
        endpoint(jdbc, "we_gone", "mer_shop", "true, 'gone', NULL");
        endpoint(jdbc, "we_companion", "mer_companion", "false, NULL, NULL");
        jdbc.update("INSERT INTO webhook_delivery_attempts (endpoint_id, merchant_id, mode, delivery_id, event_id,"
                + " event_type, attempt, redelivery, outcome, attempted_at) VALUES ('we_companion', 'mer_companion',"
                + " 'test', 'evt_1:we_companion', 'evt_1', 'payment.confirmed', 1, false, 'succeeded', now())");

        // when it migrates to the newest version
        migrate(dataSource, MigrationVersion.LATEST);

        // then the streak and the disabling are the sender's, and the endpoints read as before
        assertThat(health(jdbc, "we_failing"))
                .containsEntry("disabled", false)
                .containsEntry("disabled_reason", null)
                .extractingByKey("failing_since")
                .isNotNull();
        assertThat(health(jdbc, "we_gone"))
                .containsEntry("disabled", true)
                .containsEntry("disabled_reason", "gone")
                .containsEntry("failing_since", null);
        // the companion's merchant and endpoint are the sender's, with their ids and the attempt logged to it
        assertThat(jdbc.queryForObject(
                        "SELECT id FROM companion_merchants WHERE bootstrap_tag = 'usdt-companion'", String.class))
                .isEqualTo("mer_companion");
        assertThat(jdbc.queryForList("SELECT id FROM companion_endpoints", String.class))
                .containsExactly("we_companion");
        assertThat(jdbc.queryForList("SELECT id FROM webhook_endpoints ORDER BY id", String.class))
                .containsExactly("we_failing", "we_gone");
        assertThat(jdbc.queryForList(
                        "SELECT merchant_id FROM delivery_endpoints WHERE id = 'we_companion'", String.class))
                .containsExactly("mer_companion");
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM webhook_delivery_attempts WHERE endpoint_id = 'we_companion'",
                        Integer.class))
                .isOne();
    }

    private static void migrate(DriverManagerDataSource dataSource, MigrationVersion target) {
        Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .target(target)
                .load()
                .migrate();
    }

    /** An endpoint of V8's shape; {@code health} is its disabled, disabled_reason and failing_since. */
    private static void endpoint(JdbcTemplate jdbc, String id, String merchantId, String health) {
        jdbc.update(
                "INSERT INTO webhook_endpoints (id, merchant_id, mode, url, secret, created_at, updated_at, disabled,"
                        + " disabled_reason, failing_since) VALUES ('" + id + "', '" + merchantId + "', 'test',"
                        + " 'https://hooks.example.com/" + id + "', 'whsec_x', now(), now(), " + health + ")");
    }

    private static Map<String, Object> health(JdbcTemplate jdbc, String id) {
        return jdbc.queryForMap(
                "SELECT d.disabled, d.disabled_reason, h.failing_since FROM delivery_endpoints d"
                        + " LEFT JOIN webhook_endpoint_health h ON h.endpoint_id = d.id AND h.generation = d.generation"
                        + " WHERE d.id = ?",
                id);
    }
}
