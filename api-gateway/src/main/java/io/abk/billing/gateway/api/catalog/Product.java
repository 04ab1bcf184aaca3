package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A product row; its prices are loaded separately. */
public record Product(
        String id,
        String merchantId,
        Mode mode,
        String name,
        @Nullable String description,
        boolean active,
        Instant createdAt,
        Instant updatedAt) {

    static final String COLUMNS = "id, merchant_id, mode, name, description, active, created_at, updated_at";

    static Product from(Readable row) {
        return new Product(
                Columns.required(row, "id", String.class),
                Columns.required(row, "merchant_id", String.class),
                ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                Columns.required(row, "name", String.class),
                row.get("description", String.class),
                Boolean.TRUE.equals(row.get("active", Boolean.class)),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "updated_at", Instant.class));
    }
}
