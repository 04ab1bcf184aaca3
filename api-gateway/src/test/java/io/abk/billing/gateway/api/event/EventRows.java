package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.testkit.TestDatabase;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.sql.Timestamp;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Rows the webhook sender writes in production ({@code events}, {@code webhook_delivery_attempts}), inserted with
 * SQL for the gateway's read routes and the dashboard's pages.
 */
public final class EventRows {

    /** An event as stored: its payload text is what the API must answer byte for byte. */
    public record Event(String id, String type, String payload) {}

    private EventRows() {}

    /**
     * Stores an event whose payload is deliberately not what Jackson would write (spaces, {@code 10.50}), so a
     * response that parsed and re-rendered it would differ.
     */
    public static Event event(TestDatabase db, String merchantId, String mode, String type, Instant createdAt) {
        return event(db, merchantId, mode, type, null, createdAt);
    }

    /** As above, of the aggregate {@code aggregateId} (a subscription's id); null: an invoice's made-up id. */
    public static Event event(
            TestDatabase db,
            String merchantId,
            String mode,
            String type,
            @Nullable String aggregateId,
            Instant createdAt) {
        var id = Ids.newId(IdPrefix.EVENT, createdAt);
        var payload = "{\"id\":\"" + id + "\", \"type\":\"" + type + "\", \"createdAt\":\"" + createdAt
                + "\", \"mode\":\"" + mode
                + "\", \"data\":{\"invoice\":{\"amountUsdc\":10.50, \"memo\":\"caf\u00e9 \\u00e9\"}, \"big\":12345678901234567890}}";
        db.execute(
                "INSERT INTO events (id, merchant_id, mode, type, aggregate_id, created_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?::json)",
                id,
                merchantId,
                mode,
                type,
                aggregateId == null ? "inv_" + id.substring(4) : aggregateId,
                Timestamp.from(createdAt),
                payload);
        return new Event(id, type, payload);
    }

    /** An event whose payload's {@code data} is {@code data} (a JSON object's text), of the aggregate {@code aggregateId}. */
    public static Event eventWithData(
            TestDatabase db,
            String merchantId,
            String mode,
            String type,
            String aggregateId,
            Instant createdAt,
            String data) {
        var id = Ids.newId(IdPrefix.EVENT, createdAt);
        var payload = "{\"id\":\"" + id + "\",\"type\":\"" + type + "\",\"createdAt\":\"" + createdAt + "\",\"mode\":\""
                + mode + "\",\"data\":" + data + "}";
        db.execute(
                "INSERT INTO events (id, merchant_id, mode, type, aggregate_id, created_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?::json)",
                id,
                merchantId,
                mode,
                type,
                aggregateId,
                Timestamp.from(createdAt),
                payload);
        return new Event(id, type, payload);
    }

    /** Logs one attempt of delivering {@code eventId} to an endpoint; returns its row id. */
    public static long attempt(
            TestDatabase db,
            String endpointId,
            String merchantId,
            String mode,
            String eventId,
            int attempt,
            String outcome,
            @Nullable Integer statusCode,
            @Nullable String error,
            @Nullable Instant nextRetryAt,
            Instant attemptedAt) {
        return db.count(
                "INSERT INTO webhook_delivery_attempts (endpoint_id, merchant_id, mode, delivery_id, event_id, event_type,"
                        + " attempt, redelivery, outcome, status_code, latency_ms, error, response_excerpt, next_retry_at, attempted_at)"
                        + " VALUES (?, ?, ?, ?, ?, 'invoice.paid', ?, false, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                endpointId,
                merchantId,
                mode,
                eventId + ":" + endpointId,
                eventId,
                attempt,
                outcome,
                statusCode,
                statusCode == null ? null : 42,
                error,
                statusCode == null ? null : "{\"ok\":" + (statusCode < 300) + "}",
                nextRetryAt == null ? null : Timestamp.from(nextRetryAt),
                Timestamp.from(attemptedAt));
    }
}
