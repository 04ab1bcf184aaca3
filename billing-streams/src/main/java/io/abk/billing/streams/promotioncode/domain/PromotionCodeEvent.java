package io.abk.billing.streams.promotioncode.domain;

/**
 * What happened to a promotion code, in order; {@link PromotionCodeEvolver#evolve} folds them into the state. The
 * creation and the deactivation are public ({@code promotion_code.created}, {@code promotion_code.updated}); a
 * redemption and its release are not (their changes carry the code).
 */
public sealed interface PromotionCodeEvent {

    /** An event the outside world sees on {@code billing.events}. */
    sealed interface Published extends PromotionCodeEvent {}

    record PromotionCodeCreated(PromotionCodeDetails promotionCode) implements Published {}

    record PromotionCodeDeactivated() implements Published {}

    /** Redemption {@code redemptionId} counted and forwarded to the coupon for {@code subscriptionId}. */
    record PromotionCodeRedeemed(String redemptionId, String subscriptionId) implements PromotionCodeEvent {}

    /** The coupon refused the open redemption {@code redemptionId}: uncounted. */
    record RedemptionReleased(String redemptionId) implements PromotionCodeEvent {}
}
