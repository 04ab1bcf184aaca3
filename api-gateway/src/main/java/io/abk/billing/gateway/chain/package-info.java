/**
 * The gateway's reads of a mode's chain while it answers a request (a subscription's mandate: the allowance, the
 * wallet's balance, the vault's record), through chain-rpc with a short deadline, so a slow or absent chain is an
 * answer and never holds a request.
 */
@NullMarked
package io.abk.billing.gateway.chain;

import org.jspecify.annotations.NullMarked;
