/**
 * The verifier's {@code Idempotency-Key} records as pure rules: which request with a key runs, which is replayed,
 * refused or told to wait, and when a record ends (docs/architecture.md, "The USDT verifier"). No I/O, no clock: each
 * command carries its time.
 */
@NullMarked
package io.abk.billing.usdt.domain.idempotency;

import org.jspecify.annotations.NullMarked;
