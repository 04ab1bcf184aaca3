package io.abk.billing.gateway.api.catalog;

import io.abk.billing.schemas.money.UsagePricing.Tier;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A price as other parts of the gateway need it to create a subscription or payment from a {@code priceId}; a metered
 * one with its meter ({@code amountMicros} per unit, zero with {@code tiers}).
 */
public record CatalogPrice(
        String id,
        String productId,
        long amountMicros,
        String interval,
        int trialDays,
        boolean active,
        String usageType,
        @Nullable String meterId,
        @Nullable List<Tier> tiers) {

    public CatalogPrice(
            String id, String productId, long amountMicros, String interval, int trialDays, boolean active) {
        this(id, productId, amountMicros, interval, trialDays, active, PriceRequest.LICENSED, null, null);
    }

    public boolean isRecurring() {
        return !interval.equals("once");
    }

    public boolean isMetered() {
        return usageType.equals(PriceRequest.METERED);
    }
}
