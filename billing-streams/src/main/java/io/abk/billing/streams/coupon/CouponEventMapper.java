package io.abk.billing.streams.coupon;

import io.abk.billing.schemas.avro.ApplyDiscount;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.RedeemCoupon;
import io.abk.billing.schemas.avro.ReleasePromotionCode;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.EventIds;
import io.abk.billing.streams.coupon.domain.CouponDetails;
import io.abk.billing.streams.coupon.domain.CouponEvent;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponCreated;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponDisabled;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponRedeemed;
import io.abk.billing.streams.coupon.domain.CouponEvent.Published;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the events of a coupon command send out, as Avro: the public events {@code coupon.created} and
 * {@code coupon.updated} (with the coupon after the command, {@code data.coupon}); for each counted redemption the
 * subscription command that gives the discount ({@code CreateSubscription} with the discount fields when the
 * redemption creates the subscription, else {@code ApplyDiscount}); for a refused redemption that came through a
 * promotion code, the {@code ReleasePromotionCode} that uncounts it there. Forwarded commands keep the redemption's
 * merchant, mode, time and request id, and take their ids from {@link RedemptionCommandIds}.
 */
final class CouponEventMapper {

    private CouponEventMapper() {}

    static List<BillingEvent> toBillingEvents(CommandHeader header, List<CouponEvent> events, CouponSnapshot after) {
        return EventIds.published(
                header,
                events,
                Published.class,
                () -> EventData.newBuilder().setCoupon(after),
                (event, data) -> switch (event) {
                    case CouponCreated e -> "coupon.created";
                    case CouponDisabled e -> "coupon.updated";
                });
    }

    /** The subscription commands of the redemptions {@code events} counted, for the coupon {@code coupon}. */
    static List<SubscriptionCommand> subscriptionCommands(
            CouponCommand envelope, List<CouponEvent> events, CouponDetails coupon) {
        var out = new ArrayList<SubscriptionCommand>();
        for (var event : events) {
            if (event instanceof CouponRedeemed redeemed) {
                var redeem = (RedeemCoupon) envelope.getPayload();
                var create = redeem.getCreate();
                Object payload = create == null
                        ? discount(coupon, redeemed.promotionCodeId())
                        : discounted(create, coupon, redeemed.promotionCodeId());
                out.add(AggregateEnvelope.SUBSCRIPTION.command(
                        RedemptionCommandIds.subscription(redeemed.redemptionId(), envelope.getRequestedAt()),
                        redeemed.subscriptionId(),
                        envelope.getMerchantId(),
                        envelope.getMode(),
                        envelope.getRequestedAt(),
                        envelope.getRequestId(),
                        payload));
            }
        }
        return out;
    }

    /** The release a refused {@code envelope} sends back when its redemption came through a promotion code. */
    static Optional<PromotionCodeCommand> release(CouponCommand envelope) {
        if (!(envelope.getPayload() instanceof RedeemCoupon redeem) || redeem.getPromotionCodeId() == null) {
            return Optional.empty();
        }
        return Optional.of(AggregateEnvelope.PROMOTION_CODE.command(
                RedemptionCommandIds.release(redeem.getRedemptionId(), envelope.getRequestedAt()),
                redeem.getPromotionCodeId(),
                envelope.getMerchantId(),
                envelope.getMode(),
                envelope.getRequestedAt(),
                envelope.getRequestId(),
                new ReleasePromotionCode(redeem.getRedemptionId())));
    }

    private static CreateSubscription discounted(
            CreateSubscription create, CouponDetails coupon, @Nullable String promotionCodeId) {
        return CreateSubscription.newBuilder(create)
                .setCouponId(coupon.id())
                .setCouponName(coupon.name())
                .setPromotionCodeId(promotionCodeId)
                .setPercentOffBasisPoints(coupon.percentOffBasisPoints())
                .setAmountOffMicros(coupon.amountOffMicros())
                .setDiscountDuration(coupon.duration())
                .setDiscountDurationInMonths(coupon.durationInMonths())
                .build();
    }

    private static ApplyDiscount discount(CouponDetails coupon, @Nullable String promotionCodeId) {
        return ApplyDiscount.newBuilder()
                .setCouponId(coupon.id())
                .setCouponName(coupon.name())
                .setPromotionCodeId(promotionCodeId)
                .setPercentOffBasisPoints(coupon.percentOffBasisPoints())
                .setAmountOffMicros(coupon.amountOffMicros())
                .setDiscountDuration(coupon.duration())
                .setDiscountDurationInMonths(coupon.durationInMonths())
                .build();
    }
}
