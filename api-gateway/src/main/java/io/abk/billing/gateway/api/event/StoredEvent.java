package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import tools.jackson.databind.util.RawValue;

/**
 * One row of {@code events}: a billing event as its webhook payload, recorded by the webhook sender.
 * {@code payload} is the JSON text exactly as delivered ({@code {id, type, createdAt, mode, data}}).
 */
public record StoredEvent(String id, String merchantId, Mode mode, String type, Instant createdAt, String payload) {

    static final String COLUMNS = "id, merchant_id, mode, type, created_at, payload::text AS payload";

    /** The payload for a response body: written as it is stored, never parsed and rendered again. */
    public RawValue payloadJson() {
        return new RawValue(payload);
    }

    static StoredEvent from(Readable row) {
        return new StoredEvent(
                Columns.required(row, "id", String.class),
                Columns.required(row, "merchant_id", String.class),
                ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                Columns.required(row, "type", String.class),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "payload", String.class));
    }
}
