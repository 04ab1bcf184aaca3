/**
 * What is due and when, derived purely from the latest state of one resource: no Kafka, no Avro, no clock. The
 * adapters map snapshots in and commands out.
 */
@NullMarked
package io.abk.billing.scheduler.domain;

import org.jspecify.annotations.NullMarked;
