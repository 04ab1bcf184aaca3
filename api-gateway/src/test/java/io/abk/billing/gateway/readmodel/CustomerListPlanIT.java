package io.abk.billing.gateway.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.SharedInfra;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The customers' list, its search by wallet and by email, and its later pages read through their indexes (migration
 * V23) at 50,000 customers in one merchant's mode: a customer's id does not sort by time, so a plan that sorts the
 * merchant's customers for each page would walk all of them.
 */
class CustomerListPlanIT {

    private static final String MERCHANT = "mer_plan";
    private static final int ROWS = 50_000;
    private static final String CURSOR = "cus_" + "0".repeat(21) + "12345";

    private static Connection db;

    @BeforeAll
    static void fill() throws SQLException {
        db = SharedInfra.newDatabase("customer_plan").connect();
        try (var statement = db.createStatement()) {
            statement.execute("""
                    INSERT INTO customers (id, merchant_id, mode, wallet, email, version, created_at, body)
                    SELECT 'cus_' || lpad(i::text, 26, '0'), '%s', 'test', '0xabcd' || lpad(to_hex(i), 36, '0'),
                           CASE WHEN i %% 2 = 0 THEN 'Customer' || i || '@Example.test' END, 1,
                           now() - i * interval '1 second',
                           json_build_object('id', 'cus_' || lpad(i::text, 26, '0'))
                    FROM generate_series(1, %d) AS i""".formatted(MERCHANT, ROWS));
            statement.execute("ANALYZE customers");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void shouldReadEveryPageNewestFirstThroughTheMerchantsIndex() throws SQLException {
        assertThat(plan(new CustomerReadModel.Filter(null, null), false))
                .contains("customers_by_merchant")
                .doesNotContain("Seq Scan")
                .doesNotContain("Sort");
        assertThat(plan(new CustomerReadModel.Filter(null, null), true))
                .contains("customers_by_merchant")
                .doesNotContain("Seq Scan")
                .doesNotContain("Sort");
    }

    @Test
    void shouldFindByWalletAndByEmailThroughTheirIndexes() throws SQLException {
        assertThat(plan(new CustomerReadModel.Filter("0xabcd" + "0".repeat(33) + "309", null), false))
                .contains("customers_by_wallet")
                .doesNotContain("Seq Scan");
        assertThat(plan(new CustomerReadModel.Filter(null, "customer778@example.test"), true))
                .contains("customers_by_email")
                .doesNotContain("Seq Scan");
    }

    /** The plan of a page as {@link CustomerReadModel#list} reads it, the values inlined. */
    private static String plan(CustomerReadModel.Filter filter, boolean withCursor) throws SQLException {
        var sql = CustomerReadModel.listSql(filter, withCursor);
        var values = Map.of("merchantId", MERCHANT, "mode", "test", "after", CURSOR, "limit", "26");
        for (var value : values.entrySet()) {
            sql = sql.replace(":" + value.getKey(), "'" + value.getValue() + "'");
        }
        sql = sql.replace(":wallet", "'" + filter.wallet() + "'").replace(":email", "'" + filter.email() + "'");
        var lines = new ArrayList<String>();
        try (var statement = db.createStatement();
                var rows = statement.executeQuery("EXPLAIN " + sql)) {
            while (rows.next()) {
                lines.add(rows.getString(1));
            }
        }
        return String.join("\n", List.copyOf(lines));
    }
}
