package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.money.UsagePricing;
import io.abk.billing.schemas.money.UsagePricing.Tier;
import io.abk.billing.schemas.render.ApiJson;
import io.r2dbc.postgresql.codec.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * A metered price's graduated tiers: read from a request ({@code [{upTo, unitAmountUsdc, flatAmountUsdc?}]}, checked
 * by {@link UsagePricing#invalidTiers}), kept in the {@code prices.tiers} column as micro-USDC
 * ({@code [{"upTo", "unitAmountMicros", "flatAmountMicros"}]}), and shown as the request gave them.
 */
public final class PriceTiers {

    /** More tiers than anyone prices by; a longer list is a mistake. */
    static final int MAX_TIERS = 50;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private PriceTiers() {}

    /** The request's {@code tiers}, or null when absent; a bad list is a 400 naming it. */
    static @Nullable List<Tier> parse(RequestFields fields) {
        if (!fields.has("tiers")) {
            return null;
        }
        var tiers = new ArrayList<Tier>();
        for (var tier : fields.optionalObjectList("tiers", MAX_TIERS)) {
            var upTo = tier.optionalWholeNumber("upTo", Long.MAX_VALUE, ErrorCodes.VALIDATION_ERROR)
                    .orElse(null);
            if (upTo != null && upTo < 1) {
                throw ApiException.invalid(tier.param("upTo"), tier.param("upTo") + " must be at least 1");
            }
            var unit = tier.optionalNonNegativeAmount("unitAmountUsdc")
                    .orElseThrow(() -> ApiException.invalid(
                            tier.param("unitAmountUsdc"), tier.param("unitAmountUsdc") + " is required"));
            var flat = tier.optionalNonNegativeAmount("flatAmountUsdc").orElse(null);
            tiers.add(new Tier(upTo, unit.micros(), flat == null ? 0 : flat.micros()));
        }
        var invalid = UsagePricing.invalidTiers(tiers);
        if (invalid != null) {
            throw ApiException.invalid(fields.param("tiers"), fields.param("tiers") + ": " + invalid);
        }
        return List.copyOf(tiers);
    }

    /** The column's value: null for a price without tiers. */
    static @Nullable Json column(@Nullable List<Tier> tiers) {
        if (tiers == null) {
            return null;
        }
        var rows = tiers.stream()
                .map(tier -> {
                    var row = new LinkedHashMap<String, @Nullable Object>();
                    row.put("upTo", tier.upTo());
                    row.put("unitAmountMicros", tier.unitAmountMicros());
                    row.put("flatAmountMicros", tier.flatAmountMicros());
                    return row;
                })
                .toList();
        return Json.of(JSON.writeValueAsString(rows));
    }

    /** The tiers a column holds, or null. */
    static @Nullable List<Tier> of(@Nullable Json column) {
        if (column == null) {
            return null;
        }
        var tiers = new ArrayList<Tier>();
        for (var row : JSON.readTree(column.asString())) {
            var upTo = row.get("upTo");
            tiers.add(new Tier(
                    upTo == null || upTo.isNull() ? null : upTo.longValue(),
                    row.get("unitAmountMicros").longValue(),
                    row.get("flatAmountMicros").longValue()));
        }
        return List.copyOf(tiers);
    }

    /** The tiers as the API shows them. */
    public static @Nullable List<Map<String, @Nullable Object>> json(@Nullable List<Tier> tiers) {
        return tiers == null
                ? null
                : tiers.stream()
                        .map(tier -> ApiJson.tier(tier.upTo(), tier.unitAmountMicros(), tier.flatAmountMicros()))
                        .toList();
    }
}
