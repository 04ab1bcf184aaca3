/** USDC amounts as exact micro-units: the single home of money arithmetic, parsing and rendering. */
@NullMarked
package io.abk.billing.schemas.money;

import org.jspecify.annotations.NullMarked;
