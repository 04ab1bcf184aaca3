/**
 * The chains chain-indexer follows and settles on, one per mode, read from the environment and checked at start:
 * RPC endpoints, confirmation depth, token and vault addresses, the relayer's key and its fee caps.
 */
@NullMarked
package io.abk.billing.chain.config;

import org.jspecify.annotations.NullMarked;
