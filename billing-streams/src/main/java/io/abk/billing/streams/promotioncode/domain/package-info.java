/**
 * The promotion code aggregate as pure Java: its states, instructions and events, the decider that creates and
 * deactivates a code and counts its redemptions exactly (active, not expired, below its maximum) while remembering the
 * open ones its coupon may still release, and the evolver that applies its events.
 */
@NullMarked
package io.abk.billing.streams.promotioncode.domain;

import org.jspecify.annotations.NullMarked;
