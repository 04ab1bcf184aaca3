/**
 * Reading what the platform published, to time and check a scenario: {@code billing.events} read_committed from a
 * known position, and whether the stream processors have caught up with everything written so far.
 */
@NullMarked
package io.abk.billing.bench.events;

import org.jspecify.annotations.NullMarked;
