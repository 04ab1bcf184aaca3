package io.abk.billing.gateway.catalog;

import io.abk.billing.gateway.auth.ApiKeyFormat;
import io.abk.billing.schemas.avro.Mode;
import io.r2dbc.spi.Readable;
import java.time.Instant;

/** A price row: an amount in micro-USDC per {@code interval} ({@code month}, {@code year} or {@code once}). */
public record Price(String id, String merchantId, Mode mode, String productId, long amountMicros, String interval,
        int trialDays, boolean active, Instant createdAt, Instant updatedAt) {

    static final String COLUMNS =
            "id, merchant_id, mode, product_id, amount_micros, \"interval\", trial_days, active, created_at, updated_at";

    static Price from(Readable row) {
        return new Price(row.get("id", String.class), row.get("merchant_id", String.class),
                ApiKeyFormat.parseMode(row.get("mode", String.class)), row.get("product_id", String.class),
                row.get("amount_micros", Long.class), row.get("interval", String.class),
                row.get("trial_days", Integer.class), Boolean.TRUE.equals(row.get("active", Boolean.class)),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
