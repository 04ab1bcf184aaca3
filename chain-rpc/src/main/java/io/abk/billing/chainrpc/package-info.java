/**
 * The one JSON-RPC client of the services that read or write a chain: web3j as a plain HTTP client over ordered
 * URLs with failover, a retry budget per call, JSON-RPC batches answered in request order, and logs and messages that
 * name a URL by its position only ({@code url=1/3}), since an RPC URL often carries a provider's key.
 */
@NullMarked
package io.abk.billing.chainrpc;

import org.jspecify.annotations.NullMarked;
