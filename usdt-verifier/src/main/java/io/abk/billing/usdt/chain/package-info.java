/**
 * Where transactions come from: the chain's Ethereum-compatible JSON-RPC read with web3j as a plain client
 * (receipts, blocks, {@code eth_getLogs} over an explicit recent range), or the sandbox's reserved hashes.
 */
@NullMarked
package io.abk.billing.usdt.chain;

import org.jspecify.annotations.NullMarked;
