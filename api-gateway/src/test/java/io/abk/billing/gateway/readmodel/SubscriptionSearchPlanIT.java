package io.abk.billing.gateway.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.SharedInfra;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The subscriptions' search and a subscription's timeline read through their own indexes (migration V17) at 100,000
 * subscriptions and 100,000 events in one merchant's mode: without them, each would walk the merchant's whole list.
 */
class SubscriptionSearchPlanIT {

    private static final String MERCHANT = "mer_plan";
    private static final int ROWS = 100_000;

    private static Connection db;

    @BeforeAll
    static void fill() throws SQLException {
        db = SharedInfra.newDatabase("search_plan").connect();
        try (var statement = db.createStatement()) {
            statement.execute("""
                    INSERT INTO subscriptions (id, merchant_id, mode, status, version, created_at, body)
                    SELECT 'sub_' || lpad(i::text, 26, '0'), '%s', 'test',
                           CASE WHEN i %% 3 = 0 THEN 'active' ELSE 'incomplete' END, 1, now(),
                           json_build_object('id', 'sub_' || lpad(i::text, 26, '0'), 'merchantRef', 'ref-' || i,
                                             'walletAddress', '0xAbCd' || lpad(to_hex(i), 36, '0'))
                    FROM generate_series(1, %d) AS i""".formatted(MERCHANT, ROWS));
            statement.execute("""
                    INSERT INTO events (id, merchant_id, mode, type, aggregate_id, created_at, payload)
                    SELECT 'evt_' || lpad(i::text, 26, '0'), '%s', 'test', 'invoice.paid',
                           'sub_' || lpad((i %% 5000)::text, 26, '0'), now() - i * interval '1 second', '{}'::json
                    FROM generate_series(1, %d) AS i""".formatted(MERCHANT, ROWS));
            statement.execute("ANALYZE subscriptions");
            statement.execute("ANALYZE events");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void shouldSearchByMerchantRefThroughItsIndex() throws SQLException {
        assertThat(plan(new SubscriptionFilter(null, "ref-777", null)))
                .contains("subscriptions_by_merchant_ref")
                .doesNotContain("Seq Scan");
    }

    @Test
    void shouldSearchByAWalletInAnyCaseThroughItsIndex() throws SQLException {
        var wallet = ("0xAbCd" + "0".repeat(33) + "309")
                .toUpperCase(java.util.Locale.ROOT)
                .replace("0X", "0x");
        assertThat(plan(new SubscriptionFilter("active", null, wallet)))
                .contains("subscriptions_by_wallet")
                .doesNotContain("Seq Scan");
    }

    @Test
    void shouldReadASubscriptionsEventsThroughTheirIndex() throws SQLException {
        var sql = "EXPLAIN SELECT id, type, created_at FROM events WHERE merchant_id = '" + MERCHANT
                + "' AND mode = 'test' AND created_at >= now() - interval '30 days'"
                + " AND aggregate_id = 'sub_" + "0".repeat(22) + "1234' ORDER BY created_at DESC, id DESC LIMIT 50";
        assertThat(explain(sql)).contains("events_by_aggregate").doesNotContain("Seq Scan");
    }

    /** The plan of the list's first page as {@link ResourceTable#list} reads it, the filter's values inlined. */
    private static String plan(SubscriptionFilter filter) throws SQLException {
        var sql = new StringBuilder("EXPLAIN SELECT body::text AS body FROM subscriptions WHERE merchant_id = '"
                + MERCHANT + "' AND mode = 'test'");
        for (var condition : filter.conditions()) {
            var text = condition.sql();
            for (var bind : condition.binds().entrySet()) {
                text = text.replace(":" + bind.getKey(), "'" + bind.getValue() + "'");
            }
            sql.append(" AND ").append(text);
        }
        return explain(sql + " ORDER BY id DESC LIMIT 26");
    }

    private static String explain(String sql) throws SQLException {
        var lines = new ArrayList<String>();
        try (var statement = db.createStatement();
                var rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                lines.add(rows.getString(1));
            }
        }
        return String.join("\n", List.copyOf(lines));
    }
}
