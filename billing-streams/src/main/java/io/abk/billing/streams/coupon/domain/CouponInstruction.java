package io.abk.billing.streams.coupon.domain;

import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a coupon aggregate can be asked to do. Each command carries {@code requestedAt} (the decider's only clock) and
 * its {@link Tenant}: a disable or a redemption must name the coupon's own merchant and mode.
 */
public sealed interface CouponInstruction {

    String couponId();

    Tenant tenant();

    Instant requestedAt();

    /** Create the coupon (the gateway validated the terms; {@link CouponDetails} refuses any it cannot hold). */
    record Create(
            String couponId,
            Tenant tenant,
            Instant requestedAt,
            String name,
            @Nullable Integer percentOffBasisPoints,
            @Nullable Long amountOffMicros,
            String duration,
            @Nullable Integer durationInMonths,
            @Nullable Integer maxRedemptions,
            @Nullable Instant redeemBy,
            Map<String, String> metadata)
            implements CouponInstruction {
        public Create {
            metadata = Map.copyOf(metadata);
        }
    }

    /** No more redemptions; idempotent. */
    record Disable(String couponId, Tenant tenant, Instant requestedAt) implements CouponInstruction {}

    /**
     * Count the redemption {@code redemptionId} of {@code subscriptionId}, coming through {@code promotionCodeId} when
     * set (that code counted it already, and a refusal must release it there).
     */
    record Redeem(
            String couponId,
            Tenant tenant,
            Instant requestedAt,
            String redemptionId,
            String subscriptionId,
            @Nullable String promotionCodeId)
            implements CouponInstruction {}
}
