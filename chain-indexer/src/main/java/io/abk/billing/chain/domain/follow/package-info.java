/**
 * Following a chain as pure data: the window of recent confirmed blocks and its fork-point search, the adaptive
 * block range of {@code eth_getLogs}, which logs are published, and what a reorg retracts. No framework, no
 * web3j, no Kafka, no clock: the follower in {@code io.abk.billing.chain.follow} feeds it what the node answered.
 */
@NullMarked
package io.abk.billing.chain.domain.follow;

import org.jspecify.annotations.NullMarked;
