package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A catalog price: an amount per month, per year, or once ({@code licensed}); or a meter's usage per month or year
 * ({@code metered}, {@code meterId}) at {@code unitAmountUsdc} per unit or by graduated {@code tiers}. A metered
 * price's {@code amountUsdc} is its unit amount, null with tiers. Amounts are exact.
 */
public record Price(
        String id,
        String productId,
        @Nullable BigDecimal amountUsdc,
        String interval,
        long trialDays,
        String usageType,
        @Nullable String meterId,
        @Nullable BigDecimal unitAmountUsdc,
        @Nullable List<PriceTier> tiers,
        boolean active,
        String mode,
        Instant createdAt) {}
