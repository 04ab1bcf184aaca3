package io.abk.billing.streams.coupon;

import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CreateCoupon;
import io.abk.billing.schemas.avro.CreatePromotionCode;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.DeactivatePromotionCode;
import io.abk.billing.schemas.avro.DisableCoupon;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.RedeemCoupon;
import io.abk.billing.schemas.avro.RedeemPromotionCode;
import io.abk.billing.schemas.avro.ReleasePromotionCode;
import io.abk.billing.schemas.ids.PromotionCodeIds;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Coupon and promotion code command envelopes as the gateway produces them, for tests. */
public final class CouponEnvelopes {

    public static final String MERCHANT_ID = CommandEnvelopes.MERCHANT_ID;

    private CouponEnvelopes() {}

    /** The test merchant's promotion code {@code code} in test mode. */
    public static String promotionCodeId(String code) {
        return PromotionCodeIds.of(MERCHANT_ID, "test", code);
    }

    /** A 20 % off coupon for 3 months, redeemable {@code maxRedemptions} times until {@code redeemBy}. */
    public static CouponCommand create(
            String commandId,
            String couponId,
            Instant at,
            @Nullable Integer maxRedemptions,
            @Nullable Instant redeemBy) {
        return coupon(
                commandId,
                couponId,
                at,
                new CreateCoupon("WELCOME", 2_000, null, "repeating", 3, maxRedemptions, redeemBy, Map.of()));
    }

    public static CouponCommand disable(String commandId, String couponId, Instant at) {
        return coupon(commandId, couponId, at, new DisableCoupon());
    }

    /** Redemption {@code redemptionId} creating the subscription {@code subscriptionId} with the coupon. */
    public static CouponCommand redeem(
            String commandId, String couponId, Instant at, String redemptionId, String subscriptionId) {
        return coupon(
                commandId,
                couponId,
                at,
                new RedeemCoupon(redemptionId, subscriptionId, subscriptionCreate(commandId, subscriptionId), null));
    }

    /** Redemption {@code redemptionId} giving the existing subscription {@code subscriptionId} the coupon. */
    public static CouponCommand apply(
            String commandId, String couponId, Instant at, String redemptionId, String subscriptionId) {
        return coupon(commandId, couponId, at, new RedeemCoupon(redemptionId, subscriptionId, null, null));
    }

    public static PromotionCodeCommand createCode(
            String commandId, String code, String couponId, Instant at, @Nullable Integer maxRedemptions) {
        return promotionCode(
                commandId,
                promotionCodeId(code),
                at,
                new CreatePromotionCode(couponId, code, maxRedemptions, null, Map.of()));
    }

    public static PromotionCodeCommand deactivateCode(String commandId, String promotionCodeId, Instant at) {
        return promotionCode(commandId, promotionCodeId, at, new DeactivatePromotionCode());
    }

    /** Redemption {@code redemptionId} of {@code promotionCodeId} creating the subscription {@code subscriptionId}. */
    public static PromotionCodeCommand redeemCode(
            String commandId, String promotionCodeId, Instant at, String redemptionId, String subscriptionId) {
        return promotionCode(
                commandId,
                promotionCodeId,
                at,
                new RedeemPromotionCode(redemptionId, subscriptionId, subscriptionCreate(commandId, subscriptionId)));
    }

    public static PromotionCodeCommand release(
            String commandId, String promotionCodeId, Instant at, String redemptionId) {
        return promotionCode(commandId, promotionCodeId, at, new ReleasePromotionCode(redemptionId));
    }

    /** The create the gateway would send for {@code subscriptionId} (no discount: the coupon adds it). */
    public static CreateSubscription subscriptionCreate(String commandId, String subscriptionId) {
        return (CreateSubscription) CommandEnvelopes.create(commandId, subscriptionId, Instant.EPOCH)
                .getPayload();
    }

    public static CouponCommand coupon(String commandId, String couponId, Instant at, Object payload) {
        return CouponCommand.newBuilder()
                .setCommandId(commandId)
                .setCouponId(couponId)
                .setMerchantId(MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(at)
                .setRequestId("req-" + commandId)
                .setPayload(payload)
                .build();
    }

    public static PromotionCodeCommand promotionCode(
            String commandId, String promotionCodeId, Instant at, Object payload) {
        return PromotionCodeCommand.newBuilder()
                .setCommandId(commandId)
                .setPromotionCodeId(promotionCodeId)
                .setMerchantId(MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(at)
                .setRequestId("req-" + commandId)
                .setPayload(payload)
                .build();
    }
}
