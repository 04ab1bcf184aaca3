package io.abk.billing.gateway.testkit;

import io.abk.billing.gateway.testkit.StubChanges.Output;
import io.abk.billing.gateway.testkit.StubChanges.Source;
import io.abk.billing.schemas.avro.ApplyDiscount;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.avro.CreateCoupon;
import io.abk.billing.schemas.avro.CreatePromotionCode;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.DeactivatePromotionCode;
import io.abk.billing.schemas.avro.DisableCoupon;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.avro.RedeemCoupon;
import io.abk.billing.schemas.avro.RedeemPromotionCode;
import io.abk.billing.schemas.avro.ReleasePromotionCode;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Topics;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Just enough of the coupon and promotion code aggregates for the gateway's tests: NOT the real deciders
 * (billing-streams has them). A redemption through a code counts it and forwards {@code RedeemCoupon} to the coupon; a
 * coupon's redemption counts it and forwards the subscription's create (with the discount fields) or an
 * {@code ApplyDiscount}; each accepted Change names its forward as its follow-up, with ids derived from the
 * redemption, as billing-streams does. Refusals carry the spec's codes; a coupon refusing a code's redemption releases
 * it. Used by the stand-in's one thread.
 */
final class StubCoupons {

    private final Map<String, CouponSnapshot> coupons = new HashMap<>();
    private final Map<String, PromotionCodeSnapshot> codes = new HashMap<>();

    Output decide(CouponCommand command) {
        var source = new Source(
                command.getCommandId(),
                "coupon",
                command.getCouponId(),
                command.getMerchantId(),
                command.getMode(),
                command.getRequestedAt());
        var coupon = coupons.get(command.getCouponId());
        if (command.getPayload() instanceof CreateCoupon create) {
            return Output.of(keep(source, created(command, create)));
        }
        if (coupon == null || !coupon.getMerchantId().equals(command.getMerchantId())) {
            return Output.of(source.rejected("resource_missing", "No such coupon: '" + command.getCouponId() + "'"));
        }
        return switch (command.getPayload()) {
            case DisableCoupon disable ->
                !coupon.getValid()
                        ? Output.of(source.accepted(List.of(), null))
                        : Output.of(keep(
                                source,
                                CouponSnapshot.newBuilder(coupon)
                                        .setValid(false)
                                        .setDisabledAt(source.requestedAt())
                                        .build()));
            case RedeemCoupon redeem -> redeem(source, coupon, redeem);
            default ->
                Output.of(source.rejected(
                        "validation_error",
                        "The stand-in does not know "
                                + command.getPayload().getClass().getSimpleName()));
        };
    }

    Output decide(PromotionCodeCommand command) {
        var source = new Source(
                command.getCommandId(),
                "promotion_code",
                command.getPromotionCodeId(),
                command.getMerchantId(),
                command.getMode(),
                command.getRequestedAt());
        var code = codes.get(command.getPromotionCodeId());
        if (command.getPayload() instanceof CreatePromotionCode create) {
            if (code != null) {
                return Output.of(source.rejected("promotion_code_exists", "The code exists: " + create.getCode()));
            }
            return Output.of(keep(source, created(command, create)));
        }
        if (code == null) {
            return Output.of(source.rejected(
                    "resource_missing", "No such promotion code: '" + command.getPromotionCodeId() + "'"));
        }
        return switch (command.getPayload()) {
            case DeactivatePromotionCode deactivate ->
                !code.getActive()
                        ? Output.of(source.accepted(List.of(), null))
                        : Output.of(keep(
                                source,
                                PromotionCodeSnapshot.newBuilder(code)
                                        .setActive(false)
                                        .build()));
            case RedeemPromotionCode redeem -> redeem(source, code, redeem);
            case ReleasePromotionCode release ->
                Output.of(keep(
                        source,
                        PromotionCodeSnapshot.newBuilder(code)
                                .setTimesRedeemed(code.getTimesRedeemed() - 1)
                                .build()));
            default ->
                Output.of(source.rejected(
                        "validation_error",
                        "The stand-in does not know "
                                + command.getPayload().getClass().getSimpleName()));
        };
    }

    private Output redeem(Source source, PromotionCodeSnapshot code, RedeemPromotionCode redeem) {
        if (!code.getActive()) {
            return Output.of(source.rejected("promotion_code_inactive", "The promotion code is not active"));
        }
        if (code.getMaxRedemptions() != null && code.getTimesRedeemed() >= code.getMaxRedemptions()) {
            return Output.of(source.rejected("promotion_code_exhausted", "The promotion code is used up"));
        }
        var forward = CouponCommand.newBuilder()
                .setCommandId(forwardId(source.requestedAt(), "coupon:", redeem.getRedemptionId()))
                .setCouponId(code.getCouponId())
                .setMerchantId(source.merchantId())
                .setMode(source.mode())
                .setRequestedAt(source.requestedAt())
                .setPayload(RedeemCoupon.newBuilder()
                        .setRedemptionId(redeem.getRedemptionId())
                        .setSubscriptionId(redeem.getSubscriptionId())
                        .setCreate(redeem.getCreate())
                        .setPromotionCodeId(code.getId())
                        .build())
                .build();
        var change = keep(
                source,
                PromotionCodeSnapshot.newBuilder(code)
                        .setTimesRedeemed(code.getTimesRedeemed() + 1)
                        .build(),
                forward.getCommandId());
        return new Output(
                change, List.of(StubChanges.record(Topics.COUPON_COMMANDS, code.getCouponId(), forward)), null);
    }

    private Output redeem(Source source, CouponSnapshot coupon, RedeemCoupon redeem) {
        var refusal = refusal(coupon, source.requestedAt());
        if (refusal != null) {
            var rejected = source.rejected(refusal, "The coupon cannot be redeemed: " + refusal);
            if (redeem.getPromotionCodeId() == null) {
                return Output.of(rejected);
            }
            var release = PromotionCodeCommand.newBuilder()
                    .setCommandId(forwardId(source.requestedAt(), "release:", redeem.getRedemptionId()))
                    .setPromotionCodeId(redeem.getPromotionCodeId())
                    .setMerchantId(source.merchantId())
                    .setMode(source.mode())
                    .setRequestedAt(source.requestedAt())
                    .setPayload(new ReleasePromotionCode(redeem.getRedemptionId()))
                    .build();
            return new Output(
                    rejected,
                    List.of(StubChanges.record(Topics.PROMOTION_CODE_COMMANDS, redeem.getPromotionCodeId(), release)),
                    null);
        }
        int times = coupon.getTimesRedeemed() + 1;
        var counted = CouponSnapshot.newBuilder(coupon).setTimesRedeemed(times);
        if (coupon.getMaxRedemptions() != null && times >= coupon.getMaxRedemptions()) {
            counted.setValid(false);
        }
        Object payload = redeem.getCreate() != null
                ? withDiscount(redeem.getCreate(), coupon, redeem.getPromotionCodeId())
                : ApplyDiscount.newBuilder()
                        .setCouponId(coupon.getId())
                        .setCouponName(coupon.getName())
                        .setPromotionCodeId(redeem.getPromotionCodeId())
                        .setPercentOffBasisPoints(coupon.getPercentOffBasisPoints())
                        .setAmountOffMicros(coupon.getAmountOffMicros())
                        .setDiscountDuration(coupon.getDuration())
                        .setDiscountDurationInMonths(coupon.getDurationInMonths())
                        .build();
        var forward = SubscriptionCommand.newBuilder()
                .setCommandId(forwardId(source.requestedAt(), "subscription:", redeem.getRedemptionId()))
                .setSubscriptionId(redeem.getSubscriptionId())
                .setMerchantId(source.merchantId())
                .setMode(source.mode())
                .setRequestedAt(source.requestedAt())
                .setPayload(payload)
                .build();
        var change = keep(source, counted.build(), forward.getCommandId());
        return new Output(
                change,
                List.of(StubChanges.record(Topics.SUBSCRIPTION_COMMANDS, redeem.getSubscriptionId(), forward)),
                null);
    }

    private static @Nullable String refusal(CouponSnapshot coupon, Instant now) {
        if (coupon.getRedeemBy() != null && !now.isBefore(coupon.getRedeemBy())) {
            return "coupon_expired";
        }
        if (coupon.getMaxRedemptions() != null && coupon.getTimesRedeemed() >= coupon.getMaxRedemptions()) {
            return "coupon_exhausted";
        }
        return coupon.getValid() ? null : "coupon_invalid";
    }

    private static CreateSubscription withDiscount(
            CreateSubscription create, CouponSnapshot coupon, @Nullable String promotionCodeId) {
        return CreateSubscription.newBuilder(create)
                .setCouponId(coupon.getId())
                .setCouponName(coupon.getName())
                .setPromotionCodeId(promotionCodeId)
                .setPercentOffBasisPoints(coupon.getPercentOffBasisPoints())
                .setAmountOffMicros(coupon.getAmountOffMicros())
                .setDiscountDuration(coupon.getDuration())
                .setDiscountDurationInMonths(coupon.getDurationInMonths())
                .build();
    }

    private static String forwardId(Instant at, String kind, String redemptionId) {
        return Ids.derivedId(IdPrefix.COMMAND, at, kind + redemptionId);
    }

    private static CouponSnapshot created(CouponCommand command, CreateCoupon create) {
        return CouponSnapshot.newBuilder()
                .setId(command.getCouponId())
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setVersion(0)
                .setName(create.getName())
                .setPercentOffBasisPoints(create.getPercentOffBasisPoints())
                .setAmountOffMicros(create.getAmountOffMicros())
                .setDuration(create.getDuration())
                .setDurationInMonths(create.getDurationInMonths())
                .setMaxRedemptions(create.getMaxRedemptions())
                .setRedeemBy(create.getRedeemBy())
                .setValid(true)
                .setMetadata(create.getMetadata())
                .setCreatedAt(command.getRequestedAt())
                .build();
    }

    private static PromotionCodeSnapshot created(PromotionCodeCommand command, CreatePromotionCode create) {
        return PromotionCodeSnapshot.newBuilder()
                .setId(command.getPromotionCodeId())
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setVersion(0)
                .setCouponId(create.getCouponId())
                .setCode(create.getCode())
                .setActive(true)
                .setMaxRedemptions(create.getMaxRedemptions())
                .setExpiresAt(create.getExpiresAt())
                .setMetadata(create.getMetadata())
                .setCreatedAt(command.getRequestedAt())
                .build();
    }

    private Change keep(Source source, CouponSnapshot coupon) {
        return keep(source, coupon, null);
    }

    private Change keep(Source source, CouponSnapshot coupon, @Nullable String followUp) {
        var next = CouponSnapshot.newBuilder(coupon)
                .setVersion(coupon.getVersion() + 1)
                .build();
        coupons.put(next.getId(), next);
        return source.accepted(List.of(next), followUp);
    }

    private Change keep(Source source, PromotionCodeSnapshot code) {
        return keep(source, code, null);
    }

    private Change keep(Source source, PromotionCodeSnapshot code, @Nullable String followUp) {
        var next = PromotionCodeSnapshot.newBuilder(code)
                .setVersion(code.getVersion() + 1)
                .build();
        codes.put(next.getId(), next);
        return source.accepted(List.of(next), followUp);
    }
}
