package io.abk.billing.streams.coupon.domain;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What happened to a coupon, in order; {@link CouponEvolver#evolve} folds them into the state. The creation and the
 * disabling are public ({@code coupon.created}, {@code coupon.updated}); a redemption is not (its change carries the
 * coupon, and the subscription it leads to publishes its own events), nor is the expiry a late redemption finds.
 */
public sealed interface CouponEvent {

    /** An event the outside world sees on {@code billing.events}. */
    sealed interface Published extends CouponEvent {}

    record CouponCreated(CouponDetails coupon) implements Published {}

    /** The merchant disabled it at {@code at}. */
    record CouponDisabled(Instant at) implements Published {}

    /**
     * Redemption {@code redemptionId} counted: the subscription {@code subscriptionId} gets the discount (through
     * {@code promotionCodeId} when set).
     */
    record CouponRedeemed(
            String redemptionId,
            String subscriptionId,
            @Nullable String promotionCodeId) implements CouponEvent {}

    /** A redemption came at or after {@code redeemBy}: the coupon is no longer valid. */
    record CouponExpired(Instant at) implements CouponEvent {}
}
