/**
 * The Kafka adapter of the subscription aggregate: its handler for the shared command processor (decide, then
 * route changes, events and chain requests), the store its settled invoices move to so the aggregate stays small,
 * and the mappers between the Avro records on the wire and the domain's records.
 */
@NullMarked
package io.abk.billing.streams.subscription;

import org.jspecify.annotations.NullMarked;
