package io.abk.billing.webhooks.fanout;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.render.ApiJson;
import java.time.Instant;
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
            SELECT id, enabled_events FROM delivery_endpoints
            WHERE merchant_id = ? AND mode = ? AND deleted_at IS NULL AND NOT disabled
            ORDER BY id""";

    private final JdbcTemplate jdbc;

    public EventLog(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Records the events with their payloads; an event already recorded (a replay after a crash) is left as is. */
    public void record(List<RenderedEvent> events) {
        recordEntries(events.stream().map(RenderedEvent::entry).toList());
    }

    /** As {@link #record}, for events of any source (the companion's, say). */
    public void recordEntries(List<Entry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        jdbc.batchUpdate(INSERT, entries, entries.size(), (statement, entry) -> {
            statement.setString(1, entry.id());
            statement.setString(2, entry.merchantId());
            statement.setString(3, entry.mode());
            statement.setString(4, entry.type());
            statement.setString(5, entry.aggregateId());
            statement.setObject(6, OffsetDateTime.ofInstant(entry.createdAt(), ZoneOffset.UTC));
            statement.setString(7, entry.payload());
        });
    }

    /** One row of the event log: the event's identity, owner, type and the exact body its webhooks carry. */
    public record Entry(
            String id,
            String merchantId,
            String mode,
            String type,
            String aggregateId,
            Instant createdAt,
            String payload) {}

    /** The enabled, non-deleted endpoints of a merchant's mode (a merchant's or the companion's), with their health. */
    public List<Subscriber> subscribers(String merchantId, String mode) {
        return jdbc.query(
                SUBSCRIBERS,
                (row, n) -> {
                    var types = (String[]) row.getArray("enabled_events").getArray();
                    return new Subscriber(row.getString("id"), List.of(types));
                },
                merchantId,
                mode);
    }

    /** An event with its webhook payload, rendered once. */
    public record RenderedEvent(BillingEvent event, String payload) {

        Entry entry() {
            return new Entry(
                    event.getEventId(),
                    event.getMerchantId(),
                    ApiJson.mode(event.getMode()),
                    event.getType(),
                    event.getAggregateId(),
                    event.getCreatedAt(),
                    payload);
        }
    }

    /** Keys the per-batch cache of subscribers. */
    record Tenant(String merchantId, String mode) {

        static Tenant of(BillingEvent event) {
            return new Tenant(event.getMerchantId(), ApiJson.mode(event.getMode()));
        }
    }
}
