/**
 * The chain follower: one thread per chain that reads confirmed blocks over JSON-RPC, checks them against its
 * window, publishes the logs it follows to {@code chain.transfers} with its cursor in one Kafka transaction, and
 * retracts what a reorg took back. One runs per configured chain, for its USDC, its vault and its USDT when one is
 * configured, in the replica that holds the chain's lease ({@link io.abk.billing.chain.lease.ChainLeases}); its watch
 * lists are {@code chain.watched-addresses} (payout addresses) and, with USDT, {@code usdt.watched-addresses}.
 */
@NullMarked
package io.abk.billing.chain.follow;

import org.jspecify.annotations.NullMarked;
