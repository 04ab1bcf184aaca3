package io.abk.billing.gateway.api.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.SharedInfra;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The event log's filter by subject reads through its index (migration V21) at 100,000 events in one merchant's mode:
 * without it, finding one invoice's events would read the mode's whole log.
 */
class EventSubjectPlanIT {

    private static final String MERCHANT = "mer_subject_plan";
    private static final int ROWS = 100_000;

    private static Connection db;

    @BeforeAll
    static void fill() throws SQLException {
        db = SharedInfra.newDatabase("event_subject_plan").connect();
        try (var statement = db.createStatement()) {
            statement.execute("""
                    INSERT INTO events (id, merchant_id, mode, type, aggregate_id, created_at, payload)
                    SELECT 'evt_' || lpad(i::text, 26, '0'), '%s', 'test', 'invoice.paid',
                           'sub_' || lpad((i %% 5000)::text, 26, '0'), now() - i * interval '1 second',
                           json_build_object('data', json_build_object(
                               'invoice', json_build_object('id', 'inv_' || lpad(i::text, 26, '0')),
                               'subscription', json_build_object('id', 'sub_' || lpad((i %% 5000)::text, 26, '0'))))
                    FROM generate_series(1, %d) AS i""".formatted(MERCHANT, ROWS));
            statement.execute("ANALYZE events");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void shouldFindAnInvoicesEventsThroughTheSubjectIndexWhenTheListIsFilteredBySubjectId() throws SQLException {
        // The list's first page as EventRepository.list reads it, the values inlined.
        var sql = "EXPLAIN SELECT id FROM events WHERE merchant_id = '" + MERCHANT + "' AND mode = 'test'"
                + " AND created_at >= now() - interval '30 days' AND " + EventRepository.SUBJECTS
                + " @> ARRAY[CAST('inv_" + "0".repeat(22)
                + "1234' AS text)] ORDER BY created_at DESC, id DESC LIMIT 101";

        var plan = new ArrayList<String>();
        try (var statement = db.createStatement();
                var rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                plan.add(rows.getString(1));
            }
        }

        assertThat(String.join("\n", plan)).contains("events_by_subject").doesNotContain("Seq Scan");
    }
}
