/**
 * {@code Idempotency-Key} on the verifier's POSTs, with the billing API's rules (docs/architecture.md, "The USDT
 * verifier"): one record per API key and key, kept 24 hours in the verifier's own Kafka Streams store, replayed for a
 * repeat of the same request, refused for another.
 */
@NullMarked
package io.abk.billing.usdt.http.idempotency;

import org.jspecify.annotations.NullMarked;
