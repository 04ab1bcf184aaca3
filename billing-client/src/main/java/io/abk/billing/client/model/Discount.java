package io.abk.billing.client.model;

import java.math.BigDecimal;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** The coupon a subscription's invoices are discounted by, as it was when redeemed ({@code end}: repeating only). */
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
