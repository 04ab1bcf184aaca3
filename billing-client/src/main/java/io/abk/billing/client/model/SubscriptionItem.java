package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One price of a subscription created with items: {@code licensed} (its amount times {@code quantity} each period,
 * in advance) or {@code metered} (its meter's usage, in arrears). {@code meterId} and {@code tiers} are null where
 * they do not apply; {@code unitAmountUsdc} is exact, 0 for a tiered item.
 */
public record SubscriptionItem(
        String id,
        String priceId,
        String usageType,
        long quantity,
        @Nullable String meterId,
        BigDecimal unitAmountUsdc,
        @Nullable List<PriceTier> tiers) {}
