/**
 * The chain phase of the benchmark ({@code --chain}): the chain follower alone on a local anvil with full blocks, and
 * the confirmation latency of payments paid by USDC transfers through the whole stack on its local chain.
 */
@NullMarked
package io.abk.billing.bench.chain;

import org.jspecify.annotations.NullMarked;
