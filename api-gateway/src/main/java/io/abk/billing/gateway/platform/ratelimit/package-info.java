/**
 * Request rate limits (429 {@code rate_limited} with {@code Retry-After}): token buckets per API key for {@code /v1}
 * and per client IP for checkout mutations, held in memory by each gateway replica.
 */
@NullMarked
package io.abk.billing.gateway.platform.ratelimit;

import org.jspecify.annotations.NullMarked;
