/**
 * The coupon aggregate: its adapter for the shared command processor ({@code CouponAdapter}: decide, then route the
 * change, the {@code coupon.*} events, the subscription command a redemption forwards and the release a refused
 * promotion code redemption sends back), and the mappers between the Avro records and the domain's. The pure rules are
 * in the {@code domain} subpackage.
 */
@NullMarked
package io.abk.billing.streams.coupon;

import org.jspecify.annotations.NullMarked;
