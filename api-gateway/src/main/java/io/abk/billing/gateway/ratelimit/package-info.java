/**
 * Request rate limits (DESIGN section 8): token buckets per API key for {@code /v1} and per client IP for
 * checkout mutations, held in memory by each gateway replica.
 */
@NullMarked
package io.abk.billing.gateway.ratelimit;

import org.jspecify.annotations.NullMarked;
