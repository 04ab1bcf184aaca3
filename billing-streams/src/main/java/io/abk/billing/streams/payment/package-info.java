/**
 * The Kafka adapter of the one-time payment aggregate: its handler for the shared command processor (decide, then
 * route the change, the {@code payment.*} events, the verification requests on {@code chain.requests} and the
 * conversions reported to payment links), and the mappers between the Avro records and the domain's.
 */
@NullMarked
package io.abk.billing.streams.payment;

import org.jspecify.annotations.NullMarked;
