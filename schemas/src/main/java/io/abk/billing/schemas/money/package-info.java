/**
 * USDC amounts as exact micro-units, and the exact parsing and rendering every 6-decimal token amount shares: the
 * single home of money arithmetic, parsing and rendering.
 */
@NullMarked
package io.abk.billing.schemas.money;

import org.jspecify.annotations.NullMarked;
