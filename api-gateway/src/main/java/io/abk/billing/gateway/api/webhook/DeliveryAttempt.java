package io.abk.billing.gateway.api.webhook;

import io.abk.billing.gateway.platform.db.Columns;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One row of {@code webhook_delivery_attempts} (migration V7), written by the webhook sender: an HTTP attempt of
 * one delivery, or one skipped because the endpoint was disabled, deleted or its URL refused. Its API id is
 * {@code wha_<row id>}; the row id is a bigserial, so ids order the log newest first.
 */
public record DeliveryAttempt(
        long rowId,
        String endpointId,
        String eventId,
        String eventType,
        String deliveryId,
        int attempt,
        boolean redelivery,
        String outcome,
        @Nullable Integer statusCode,
        @Nullable Integer latencyMs,
        @Nullable String error,
        @Nullable String responseExcerpt,
        @Nullable Instant nextRetryAt,
        Instant attemptedAt) {

    static final String ID_PREFIX = "wha_";
    static final String COLUMNS = "id, endpoint_id, event_id, event_type, delivery_id, attempt, redelivery, outcome,"
            + " status_code, latency_ms, error, response_excerpt, next_retry_at, attempted_at";

    /** A positive bigint without leading zeros: what {@link #id()} prints. */
    private static final Pattern ID = Pattern.compile("wha_[1-9][0-9]{0,18}");

    public String id() {
        return ID_PREFIX + rowId;
    }

    /** True when {@code id} is an attempt id this API could have shown. */
    static boolean isWellFormedId(String id) {
        if (!ID.matcher(id).matches()) {
            return false;
        }
        try {
            Long.parseLong(id.substring(ID_PREFIX.length()));
            return true;
        } catch (NumberFormatException tooLarge) {
            return false;
        }
    }

    /** The row id of a well-formed attempt id. */
    static long rowIdOf(String id) {
        return Long.parseLong(id.substring(ID_PREFIX.length()));
    }

    static DeliveryAttempt from(Readable row) {
        return new DeliveryAttempt(
                Objects.requireNonNull(row.get("id", Long.class)),
                Columns.required(row, "endpoint_id", String.class),
                Columns.required(row, "event_id", String.class),
                Columns.required(row, "event_type", String.class),
                Columns.required(row, "delivery_id", String.class),
                Objects.requireNonNull(row.get("attempt", Integer.class)),
                Boolean.TRUE.equals(row.get("redelivery", Boolean.class)),
                Columns.required(row, "outcome", String.class),
                row.get("status_code", Integer.class),
                row.get("latency_ms", Integer.class),
                row.get("error", String.class),
                row.get("response_excerpt", String.class),
                row.get("next_retry_at", Instant.class),
                Columns.required(row, "attempted_at", Instant.class));
    }
}
