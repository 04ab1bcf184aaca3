package io.abk.billing.gateway.api.meter;

import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.render.ApiJson;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A meter row: how a merchant's usage events named {@code eventName} aggregate per period ({@code sum} of their
 * values, their {@code count}, or the {@code max} value), and under which payload key an event carries its value.
 */
public record Meter(
        String id,
        String merchantId,
        Mode mode,
        String eventName,
        String aggregation,
        @Nullable String displayName,
        String valueKey,
        String status,
        Instant createdAt,
        Instant updatedAt) {

    public static final String ACTIVE = "active";
    public static final String INACTIVE = "inactive";
    public static final String COUNT = "count";

    static final String COLUMNS =
            "id, merchant_id, mode, event_name, aggregation, display_name, value_key, status, created_at, updated_at";

    static Meter from(Readable row) {
        return new Meter(
                Columns.required(row, "id", String.class),
                Columns.required(row, "merchant_id", String.class),
                ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                Columns.required(row, "event_name", String.class),
                Columns.required(row, "aggregation", String.class),
                row.get("display_name", String.class),
                Columns.required(row, "value_key", String.class),
                Columns.required(row, "status", String.class),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "updated_at", Instant.class));
    }

    public boolean active() {
        return status.equals(ACTIVE);
    }

    /** The meter as the API shows it. */
    public Map<String, @Nullable Object> json() {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", id);
        json.put("object", "meter");
        json.put("eventName", eventName);
        json.put("aggregation", aggregation);
        json.put("displayName", displayName);
        json.put("valueKey", valueKey);
        json.put("status", status);
        json.put("livemode", mode == Mode.LIVE);
        json.put("createdAt", ApiJson.timestamp(createdAt));
        return json;
    }
}
