package io.abk.billing.client.model;

import java.math.BigDecimal;

/**
 * One metered item's usage so far in the period: the meter's aggregation of the events ({@code quantity}), how many
 * events counted, and {@code amountUsdc}, exactly what the renewal invoice's usage line will bill for it.
 */
public record SubscriptionUsageItem(
        String itemId,
        String priceId,
        String meterId,
        String eventName,
        long quantity,
        long eventCount,
        BigDecimal amountUsdc) {}
