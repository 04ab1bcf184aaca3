/**
 * Funding checks before a renewal as pure Java: who answers a check (the sandbox, the mode's chain, or nobody), the
 * sandbox's figures, and what the chain's balance, allowance and vault subscription read as in micro-USDC. No RPC, no
 * Kafka, no clock.
 */
@NullMarked
package io.abk.billing.chain.domain.funding;

import org.jspecify.annotations.NullMarked;
