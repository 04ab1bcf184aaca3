package io.abk.billing.streams.promotioncode;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.avro.RedeemCoupon;
import io.abk.billing.schemas.avro.RedeemPromotionCode;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.EventIds;
import io.abk.billing.streams.coupon.RedemptionCommandIds;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeDetails;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeCreated;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeDeactivated;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeRedeemed;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.Published;
import java.util.ArrayList;
import java.util.List;

/**
 * What the events of an accepted promotion code command send out, as Avro: the public events
 * {@code promotion_code.created} and {@code promotion_code.updated} (with the code after the command,
 * {@code data.promotionCode}), and for each counted redemption the {@code RedeemCoupon} for its coupon (keyed by coupon
 * id), carrying the subscription's create if any and the code's id, with the redemption's merchant, mode, time and
 * request id and an id from {@link RedemptionCommandIds}.
 */
final class PromotionCodeEventMapper {

    private PromotionCodeEventMapper() {}

    static List<BillingEvent> toBillingEvents(
            CommandHeader header, List<PromotionCodeEvent> events, PromotionCodeSnapshot after) {
        return EventIds.published(
                header,
                events,
                Published.class,
                () -> EventData.newBuilder().setPromotionCode(after),
                (event, data) -> switch (event) {
                    case PromotionCodeCreated e -> "promotion_code.created";
                    case PromotionCodeDeactivated e -> "promotion_code.updated";
                });
    }

    static List<CouponCommand> couponCommands(
            PromotionCodeCommand envelope, List<PromotionCodeEvent> events, PromotionCodeDetails code) {
        var out = new ArrayList<CouponCommand>();
        for (var event : events) {
            if (event instanceof PromotionCodeRedeemed redeemed) {
                var redeem = (RedeemPromotionCode) envelope.getPayload();
                out.add(AggregateEnvelope.COUPON.command(
                        RedemptionCommandIds.redeemCoupon(redeemed.redemptionId(), envelope.getRequestedAt()),
                        code.couponId(),
                        envelope.getMerchantId(),
                        envelope.getMode(),
                        envelope.getRequestedAt(),
                        envelope.getRequestId(),
                        new RedeemCoupon(
                                redeemed.redemptionId(), redeemed.subscriptionId(), redeem.getCreate(), code.id())));
            }
        }
        return out;
    }
}
