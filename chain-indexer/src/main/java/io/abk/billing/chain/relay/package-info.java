/**
 * The relayer: reads {@code chain.requests}, executes the charges and refunds that need a chain through the vault
 * (nonces, fees within caps, signing, receipts, replacement of stuck transactions, the wait for the confirmation
 * depth, and at start the transactions a previous relayer left in flight), verifies payments' transactions, and
 * writes what happened to {@code chain.results}. JSON-RPC goes through the narrow {@link
 * io.abk.billing.chain.relay.RelayerRpc}; the rules it applies are in {@code domain.relay}.
 */
@NullMarked
package io.abk.billing.chain.relay;

import org.jspecify.annotations.NullMarked;
