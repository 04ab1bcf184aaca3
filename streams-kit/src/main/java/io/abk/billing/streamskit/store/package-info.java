/**
 * State store helpers of the Streams services: the processor that opens its one store when its task starts, and
 * expiring old entries of a dedup store without stalling a task.
 */
@NullMarked
package io.abk.billing.streamskit.store;

import org.jspecify.annotations.NullMarked;
