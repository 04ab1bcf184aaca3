/** Tests of delivery: the retry schedule, retries and dead letters, a slow endpoint, a receiver that is down. */
@NullMarked
package io.abk.billing.webhooks.delivery;

import org.jspecify.annotations.NullMarked;
