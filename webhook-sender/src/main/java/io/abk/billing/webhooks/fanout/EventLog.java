package io.abk.billing.webhooks.fanout;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.render.ApiJson;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The event log in PostgreSQL: {@code events} rows (what GET /v1/events answers) and the endpoints an event goes to.
 */
public final class EventLog {

    private static final String INSERT = """
            INSERT INTO events (id, merchant_id, mode, type, aggregate_id, created_at, payload)
            VALUES (?, ?, ?, ?, ?, ?, ?::json)
            ON CONFLICT (id) DO NOTHING""";

    private static final String SUBSCRIBERS = """
            SELECT id, enabled_events FROM webhook_endpoints
            WHERE merchant_id = ? AND mode = ? AND deleted_at IS NULL AND NOT disabled
            ORDER BY id""";

    private final JdbcTemplate jdbc;

    public EventLog(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Records the events with their payloads; an event already recorded (a replay after a crash) is left as is. */
    public void record(List<RenderedEvent> events) {
        if (events.isEmpty()) {
            return;
        }
        jdbc.batchUpdate(INSERT, events, events.size(), (statement, rendered) -> {
            var event = rendered.event();
            statement.setString(1, event.getEventId());
            statement.setString(2, event.getMerchantId());
            statement.setString(3, ApiJson.mode(event.getMode()));
            statement.setString(4, event.getType());
            statement.setString(5, event.getAggregateId());
            statement.setObject(6, OffsetDateTime.ofInstant(event.getCreatedAt(), ZoneOffset.UTC));
            statement.setString(7, rendered.payload());
        });
    }

    /** The enabled, non-deleted endpoints of a merchant's mode. */
    public List<Subscriber> subscribers(String merchantId, String mode) {
        return jdbc.query(SUBSCRIBERS, (row, n) -> {
            var types = (String[]) row.getArray("enabled_events").getArray();
            return new Subscriber(row.getString("id"), List.of(types));
        }, merchantId, mode);
    }

    /** An event with its webhook payload, rendered once. */
    public record RenderedEvent(BillingEvent event, String payload) {
    }

    /** Keys the per-batch cache of subscribers. */
    record Tenant(String merchantId, String mode) {

        static Tenant of(BillingEvent event) {
            return new Tenant(event.getMerchantId(), ApiJson.mode(event.getMode()));
        }
    }
}
