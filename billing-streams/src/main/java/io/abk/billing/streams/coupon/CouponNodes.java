package io.abk.billing.streams.coupon;

import io.abk.billing.streams.command.CommandNodes;

/**
 * The names of the coupon topology's stateful and output nodes, shared by the topology that declares them and the
 * adapter that routes to them. {@code eventsSink} writes to {@code billing.events}, {@code subscriptionsSink} to
 * {@code billing.subscription-commands} (a redemption's create or discount), {@code promotionCodesSink} to
 * {@code billing.promotion-code-commands} (a refused redemption's release).
 */
public record CouponNodes(
        CommandNodes command, String eventsSink, String subscriptionsSink, String promotionCodesSink) {}
