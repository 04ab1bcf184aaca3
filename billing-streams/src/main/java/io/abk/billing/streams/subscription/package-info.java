/**
 * The Kafka adapter of the subscription aggregate: the stream processor that dedupes, loads, decides, stores
 * and forwards (changes, events, chain requests), and the mappers between the Avro records on the wire and the
 * domain's records.
 */
@NullMarked
package io.abk.billing.streams.subscription;

import org.jspecify.annotations.NullMarked;
