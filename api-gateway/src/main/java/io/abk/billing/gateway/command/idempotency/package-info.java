/**
 * {@code Idempotency-Key} on {@code /v1} POSTs and PATCHes (docs/architecture.md, "Idempotency keys"): one record per
 * merchant, mode and key, claimed atomically by the first request, replayed for a repeat of the same request, refused
 * for a different one, and leased so a crashed gateway's request can be taken over by a retry that re-sends the same
 * command.
 */
@NullMarked
package io.abk.billing.gateway.command.idempotency;

import org.jspecify.annotations.NullMarked;
