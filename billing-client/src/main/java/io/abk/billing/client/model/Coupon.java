package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A coupon: a percentage ({@code percentOff}, at most 2 decimals) or an amount of USDC ({@code amountOffUsdc}) off
 * each invoice it applies to, {@code once}, {@code repeating} for {@code durationInMonths} or {@code forever}.
 * Amounts and percentages are exact decimals.
 */
public record Coupon(
        String id,
        String object,
        String name,
        @Nullable BigDecimal percentOff,
        @Nullable BigDecimal amountOffUsdc,
        String duration,
        @Nullable Integer durationInMonths,
        @Nullable Integer maxRedemptions,
        int timesRedeemed,
        @Nullable Instant redeemBy,
        boolean valid,
        Map<String, String> metadata,
        String mode,
        Instant createdAt,
        @Nullable Instant disabledAt) {}
