/**
 * The Kafka adapter of the subscription aggregate: its handler for the shared command processor (decide, then
 * route changes, events and chain requests), and the mappers between the Avro records on the wire and the domain's
 * records.
 */
@NullMarked
package io.abk.billing.streams.subscription;

import org.jspecify.annotations.NullMarked;
