package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.money.UsagePricing.Tier;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A price row: an amount in micro-USDC per {@code interval} ({@code month}, {@code year} or {@code once}); or, when
 * {@code usageType} is {@code metered}, per unit of its meter's quantity in a period ({@code amountMicros}, zero with
 * graduated {@code tiers}).
 */
public record Price(
        String id,
        String merchantId,
        Mode mode,
        String productId,
        long amountMicros,
        String interval,
        int trialDays,
        boolean active,
        Instant createdAt,
        Instant updatedAt,
        String usageType,
        @Nullable String meterId,
        @Nullable List<Tier> tiers) {

    static final String COLUMNS = "id, merchant_id, mode, product_id, amount_micros, \"interval\", trial_days, active,"
            + " created_at, updated_at, usage_type, meter_id, tiers";

    static Price from(Readable row) {
        return new Price(
                Columns.required(row, "id", String.class),
                Columns.required(row, "merchant_id", String.class),
                ApiKeyFormat.parseMode(Columns.required(row, "mode", String.class)),
                Columns.required(row, "product_id", String.class),
                Columns.required(row, "amount_micros", Long.class),
                Columns.required(row, "interval", String.class),
                Columns.required(row, "trial_days", Integer.class),
                Boolean.TRUE.equals(row.get("active", Boolean.class)),
                Columns.required(row, "created_at", Instant.class),
                Columns.required(row, "updated_at", Instant.class),
                Columns.required(row, "usage_type", String.class),
                row.get("meter_id", String.class),
                PriceTiers.of(row.get("tiers", Json.class)));
    }
}
