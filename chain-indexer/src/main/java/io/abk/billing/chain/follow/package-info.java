/**
 * The chain follower: one thread per chain that reads confirmed blocks over JSON-RPC, checks them against its
 * window, publishes the logs it follows to {@code chain.transfers} with its cursor in one Kafka transaction, and
 * retracts what a reorg took back. One runs per configured chain, in the replica that holds the chain's lease
 * ({@link io.abk.billing.chain.lease.ChainLeases}).
 */
@NullMarked
package io.abk.billing.chain.follow;

import org.jspecify.annotations.NullMarked;
