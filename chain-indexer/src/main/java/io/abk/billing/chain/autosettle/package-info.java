/**
 * The Kafka adapter of auto-settlement: confirmed logs on {@code chain.transfers} settle billing by themselves. A
 * USDC transfer pays the one open payment it matches (through the claims of its hash), a vault subscription
 * activates its subscription, a vault cancel revokes the mandate, and a retracted log reopens what it paid; a USDT
 * transfer (published for the USDT verifier) settles nothing. Indexes of open payments by payout address and of
 * subscriptions by vault reference are kept from {@code billing.changes}.
 */
@NullMarked
package io.abk.billing.chain.autosettle;

import org.jspecify.annotations.NullMarked;
