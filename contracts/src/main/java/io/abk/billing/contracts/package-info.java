/**
 * The subscription vault and the test token as seen from Java: calldata encoders, decoders of view results, logs
 * and revert data, the ids the vault keys its records by, and the compiled artifacts. ABI only: no RPC client.
 */
@NullMarked
package io.abk.billing.contracts;

import org.jspecify.annotations.NullMarked;
