/**
 * A development chain for tests and the local stack: anvil in a child process ({@link AnvilNode}), found or
 * installed by {@link AnvilBinary}, with the test token and the subscription vault deployed by
 * {@link LocalChainDeployer}. Never for a public chain: the accounts are anvil's public test keys.
 */
@NullMarked
package io.abk.billing.localchain;

import org.jspecify.annotations.NullMarked;
