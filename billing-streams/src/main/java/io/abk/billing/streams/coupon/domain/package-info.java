/**
 * The coupon aggregate as pure Java: its states, instructions and events, the decider that creates and disables a
 * coupon and counts its redemptions exactly (valid, before its redeem-by time, below its maximum), and the evolver that
 * applies its events.
 */
@NullMarked
package io.abk.billing.streams.coupon.domain;

import org.jspecify.annotations.NullMarked;
