/**
 * The subscription vault and the test token as seen from Java: calldata encoders, decoders of view results, logs
 * and revert data, the ids the vault keys its records by, and the compiled artifacts; the known chains' public facts
 * ({@link io.abk.billing.contracts.NetworkSettings}) and the one hex helper ({@link io.abk.billing.contracts.EvmHex}).
 * ABI only: no RPC client (chain-rpc holds it).
 */
@NullMarked
package io.abk.billing.contracts;

import org.jspecify.annotations.NullMarked;
