/**
 * The Kafka adapters of the schedule: reading snapshots off {@code billing.changes} into the due stores, the
 * test clocks' global store, and the wall-clock punctuator that fires due items as commands.
 */
@NullMarked
package io.abk.billing.scheduler.schedule;

import org.jspecify.annotations.NullMarked;
