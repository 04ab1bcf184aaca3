package io.abk.billing.streams.promotioncode;

import io.abk.billing.streams.command.CommandNodes;

/**
 * The names of the promotion code topology's stateful and output nodes, shared by the topology that declares them and
 * the adapter that routes to them. {@code eventsSink} writes to {@code billing.events}, {@code couponsSink} to
 * {@code billing.coupon-commands} (a counted redemption's {@code RedeemCoupon}).
 */
public record PromotionCodeNodes(CommandNodes command, String eventsSink, String couponsSink) {}
