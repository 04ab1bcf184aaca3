package io.abk.billing.streams.promotioncode.domain;

import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a promotion code aggregate can be asked to do. Each command carries {@code requestedAt} (the decider's only
 * clock) and its {@link Tenant}; the code's id derives from its tenant and code, so a create of the same code by two
 * requests names one aggregate.
 */
public sealed interface PromotionCodeInstruction {

    String promotionCodeId();

    Tenant tenant();

    Instant requestedAt();

    /** Create the code for {@code couponId} (the gateway checked the coupon is the tenant's). */
    record Create(
            String promotionCodeId,
            Tenant tenant,
            Instant requestedAt,
            String couponId,
            String code,
            @Nullable Integer maxRedemptions,
            @Nullable Instant expiresAt,
            Map<String, String> metadata)
            implements PromotionCodeInstruction {
        public Create {
            metadata = Map.copyOf(metadata);
        }
    }

    /** No more redemptions; idempotent. */
    record Deactivate(String promotionCodeId, Tenant tenant, Instant requestedAt) implements PromotionCodeInstruction {}

    /** A customer entered the code: count redemption {@code redemptionId} for {@code subscriptionId}. */
    record Redeem(
            String promotionCodeId, Tenant tenant, Instant requestedAt, String redemptionId, String subscriptionId)
            implements PromotionCodeInstruction {}

    /** The coupon refused redemption {@code redemptionId}: uncount it if it is open. */
    record Release(String promotionCodeId, Tenant tenant, Instant requestedAt, String redemptionId)
            implements PromotionCodeInstruction {}
}
