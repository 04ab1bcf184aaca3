/**
 * Minting the ids of control-plane rows in creation order within this process, or derived from a request's
 * Idempotency-Key so that running the request again creates nothing new.
 */
@NullMarked
package io.abk.billing.gateway.platform.ids;

import org.jspecify.annotations.NullMarked;
