/**
 * The intents' Kafka Streams part, a thin adapter around the pure deciders: the topology, its three processors
 * (intents, tx-hash claims, address books), the expiry sweep, and the mappers between the domain and the Avro
 * records. Every store, node and internal topic is named.
 */
@NullMarked
package io.abk.billing.usdt.streams;

import org.jspecify.annotations.NullMarked;
