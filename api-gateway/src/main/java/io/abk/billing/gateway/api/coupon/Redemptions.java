package io.abk.billing.gateway.api.coupon;

import io.abk.billing.gateway.api.coupon.DiscountChoice.ByCode;
import io.abk.billing.gateway.api.coupon.DiscountChoice.ByCoupon;
import io.abk.billing.gateway.api.coupon.DiscountChoice.Removed;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands.Target;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.readmodel.CouponReadModel;
import io.abk.billing.gateway.readmodel.PromotionCodeReadModel;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.ApplyDiscount;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.RedeemCoupon;
import io.abk.billing.schemas.avro.RedeemPromotionCode;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The command a discount choice becomes: a {@code RedeemCoupon} to the coupon, or a {@code RedeemPromotionCode} to the
 * code, carrying the subscription's create (a new subscription) or nothing (ApplyDiscount on an existing one), which the
 * coupon forwards to the subscription once it counted the redemption (docs/architecture.md, "Coupon"); or, to remove a
 * discount, an {@code ApplyDiscount} without a coupon to the subscription itself. A coupon or code the caller's
 * merchant and mode does not have is 400 {@code coupon_not_found}, with nothing sent. The route waits for the end of
 * the chain ({@code Wait.CHAIN}).
 */
@Component
public final class Redemptions {

    private final CouponReadModel coupons;
    private final PromotionCodeReadModel codes;

    public Redemptions(CouponReadModel coupons, PromotionCodeReadModel codes) {
        this.coupons = coupons;
        this.codes = codes;
    }

    /** Where the choice's command goes. */
    public static Aggregate<?> aggregate(DiscountChoice choice) {
        return switch (choice) {
            case ByCoupon coupon -> Aggregate.COUPON;
            case ByCode code -> Aggregate.PROMOTION_CODE;
            case Removed removed -> Aggregate.SUBSCRIPTION;
        };
    }

    /**
     * The command of {@code choice} for the subscription {@code subscriptionId}.
     *
     * @param redemptionId unique per redemption (derived from the request's command identity): the forwarded commands
     *     derive their ids from it
     * @param create the new subscription's create, or null for an existing subscription
     */
    public Mono<Target> target(
            Caller caller,
            DiscountChoice choice,
            String subscriptionId,
            String redemptionId,
            @Nullable CreateSubscription create) {
        return switch (choice) {
            case ByCoupon coupon ->
                coupons.find(caller, coupon.couponId())
                        .switchIfEmpty(Mono.error(() -> couponNotFound("coupon", coupon.couponId())))
                        .map(found -> new Target(
                                coupon.couponId(),
                                RedeemCoupon.newBuilder()
                                        .setRedemptionId(redemptionId)
                                        .setSubscriptionId(subscriptionId)
                                        .setCreate(create)
                                        .build()));
            case ByCode code ->
                codes.ofCode(caller, code.code())
                        .switchIfEmpty(Mono.error(() -> couponNotFound("promotion code", code.code())))
                        .map(found -> new Target(
                                Objects.requireNonNull(ResourceJson.text(found, "id")),
                                RedeemPromotionCode.newBuilder()
                                        .setRedemptionId(redemptionId)
                                        .setSubscriptionId(subscriptionId)
                                        .setCreate(create)
                                        .build()));
            case Removed removed ->
                Mono.just(new Target(subscriptionId, ApplyDiscount.newBuilder().build()));
        };
    }

    /** 400 {@code coupon_not_found}: also what another merchant's or the other mode's coupon or code looks like. */
    static ApiException couponNotFound(String what, String given) {
        return new ApiException(
                400,
                ErrorCodes.COUPON_NOT_FOUND,
                "No such " + what + ": '" + given + "'",
                what.equals("coupon") ? "couponId" : "promotionCode",
                null);
    }
}
