package io.abk.billing.client.model;

import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A code customers type for a coupon; codes compare in any case, and the id is derived from the code. */
public record PromotionCode(
        String id,
        String object,
        String code,
        String couponId,
        boolean active,
        @Nullable Integer maxRedemptions,
        int timesRedeemed,
        @Nullable Instant expiresAt,
        Map<String, String> metadata,
        String mode,
        Instant createdAt) {}
