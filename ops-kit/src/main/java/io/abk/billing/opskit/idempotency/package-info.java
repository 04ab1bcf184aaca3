/**
 * What the {@code Idempotency-Key} of every WebFlux service shares (the billing API's and the USDT verifier's): what a
 * key must be, which two requests are the same one, their whole bodies, and the response captured before it is sent. Each service
 * keeps its records in its own storage.
 */
@NullMarked
package io.abk.billing.opskit.idempotency;

import org.jspecify.annotations.NullMarked;
