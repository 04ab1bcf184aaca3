/**
 * Auto-settlement as pure Java: which open payment a confirmed transfer pays without a confirm (exactly one, or
 * none), whether a vault subscription's terms may activate a subscription, and token amounts in micro-USDC.
 */
@NullMarked
package io.abk.billing.chain.domain.autosettle;

import org.jspecify.annotations.NullMarked;
