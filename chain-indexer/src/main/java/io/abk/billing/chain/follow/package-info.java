/**
 * The chain follower: one thread per chain that reads confirmed blocks over JSON-RPC, checks them against its
 * window, publishes the logs it follows to {@code chain.transfers} with its cursor in one Kafka transaction, and
 * retracts what a reorg took back. {@link io.abk.billing.chain.follow.ChainFollowers} runs one per configured chain.
 */
@NullMarked
package io.abk.billing.chain.follow;

import org.jspecify.annotations.NullMarked;
