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
 * The promotion codes' list, of the merchant's mode and of one coupon, and its later pages, read through their
 * indexes (migration V25) at 20,000 codes of 100 coupons: a code's id is derived from the code and does not sort by
 * time, so a plan that sorts the merchant's codes for each page would walk all of them.
 */
class PromotionCodeListPlanIT {

    private static final String MERCHANT = "mer_plan";
    private static final int ROWS = 20_000;
    private static final String CURSOR = "promo_" + "0".repeat(21) + "12345";
    private static final String COUPON = "coupon_" + "0".repeat(24) + "42";

    private static Connection db;

    @BeforeAll
    static void fill() throws SQLException {
        db = SharedInfra.newDatabase("promotion_code_plan").connect();
        try (var statement = db.createStatement()) {
            statement.execute("""
                    INSERT INTO promotion_codes (id, coupon_id, merchant_id, mode, status, version, created_at, body)
                    SELECT 'promo_' || lpad(i::text, 26, '0'), 'coupon_' || lpad((i %% 100)::text, 26, '0'), '%s',
                           'test', 'active', 1, now() - i * interval '1 second',
                           json_build_object('id', 'promo_' || lpad(i::text, 26, '0'))
                    FROM generate_series(1, %d) AS i""".formatted(MERCHANT, ROWS));
            statement.execute("ANALYZE promotion_codes");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void shouldReadEveryPageNewestFirstThroughTheMerchantsIndexAndTheCouponsIndex() throws SQLException {
        for (boolean withCursor : new boolean[] {false, true}) {
            assertThat(plan(false, withCursor))
                    .contains("promotion_codes_by_merchant")
                    .doesNotContain("Seq Scan")
                    .doesNotContain("Sort");
            assertThat(plan(true, withCursor))
                    .contains("promotion_codes_by_coupon")
                    .doesNotContain("Seq Scan")
                    .doesNotContain("Sort");
        }
    }

    /** The plan of a page as {@link PromotionCodeReadModel#list} reads it, the values inlined. */
    private static String plan(boolean ofCoupon, boolean withCursor) throws SQLException {
        var sql = PromotionCodeReadModel.listSql(ofCoupon, withCursor);
        var values = Map.of("merchantId", MERCHANT, "mode", "test", "after", CURSOR, "limit", "26", "couponId", COUPON);
        for (var value : values.entrySet()) {
            sql = sql.replace(":" + value.getKey(), "'" + value.getValue() + "'");
        }
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
