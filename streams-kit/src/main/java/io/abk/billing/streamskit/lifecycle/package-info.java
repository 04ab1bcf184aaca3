/**
 * How a Kafka Streams service lives: it starts once its topics exist, logs its state changes, replaces or stops a
 * failed stream thread, and leaves its group on close. Generic: no topic, record type or business rule.
 */
@NullMarked
package io.abk.billing.streamskit.lifecycle;

import org.jspecify.annotations.NullMarked;
