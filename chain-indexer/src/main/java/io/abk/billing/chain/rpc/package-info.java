/**
 * A small JSON-RPC client for following a chain (web3j as a plain client: block number, headers in batches,
 * {@code eth_getLogs} over explicit ranges), with failover across several RPC URLs and capped retries. URLs are
 * named by position only ({@code rpc=1 of 2}) in logs and errors: an RPC URL often carries an API key.
 */
@NullMarked
package io.abk.billing.chain.rpc;

import org.jspecify.annotations.NullMarked;
