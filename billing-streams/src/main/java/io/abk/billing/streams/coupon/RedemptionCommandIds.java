package io.abk.billing.streams.coupon;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;

/**
 * The ids of the commands a redemption forwards, each derived from the redemption's id and time, so a reprocessed
 * command sends the same ones and their processors apply each once: the promotion code's {@code RedeemCoupon}, the
 * coupon's {@code CreateSubscription} or {@code ApplyDiscount}, and the coupon's {@code ReleasePromotionCode}.
 */
public final class RedemptionCommandIds {

    private RedemptionCommandIds() {}

    /** The {@code RedeemCoupon} a promotion code forwards for redemption {@code redemptionId} asked at {@code at}. */
    public static String redeemCoupon(String redemptionId, Instant at) {
        return Ids.derivedId(IdPrefix.COMMAND, at, "redeemcoupon:" + redemptionId);
    }

    /** The subscription command (create or discount) the coupon forwards for an accepted redemption. */
    public static String subscription(String redemptionId, Instant at) {
        return Ids.derivedId(IdPrefix.COMMAND, at, "redemption:" + redemptionId);
    }

    /** The {@code ReleasePromotionCode} the coupon sends back for a refused redemption that came through a code. */
    public static String release(String redemptionId, Instant at) {
        return Ids.derivedId(IdPrefix.COMMAND, at, "releasepromotioncode:" + redemptionId);
    }
}
