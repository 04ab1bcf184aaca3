/**
 * The promotion code aggregate: its adapter for the shared command processor ({@code PromotionCodeAdapter}: decide,
 * then route the change, the {@code promotion_code.*} events and the {@code RedeemCoupon} a counted redemption
 * forwards to its coupon), and the mappers between the Avro records and the domain's. The pure rules are in the
 * {@code domain} subpackage.
 */
@NullMarked
package io.abk.billing.streams.promotioncode;

import org.jspecify.annotations.NullMarked;
