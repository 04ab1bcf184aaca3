package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A coupon applied to a subscription: {@code percentOff} or {@code amountOffUsdc} off each invoice it applies to,
 * for its {@code duration} ({@code once}, {@code repeating} until {@code end}, or {@code forever}).
 */
public record Discount(
        String couponId,
        @Nullable String couponName,
        @Nullable String promotionCodeId,
        @Nullable BigDecimal percentOff,
        @Nullable BigDecimal amountOffUsdc,
        String duration,
        @Nullable Integer durationInMonths,
        Instant start,
        @Nullable Instant end) {}
