/**
 * The intents' Kafka Streams part, a thin adapter around the pure deciders: the topology, its processors (intents,
 * tx-hash claims, address books and, on a chain, the polls of the USDT transfers chain-indexer publishes), the expiry
 * sweep, and the mappers between the domain and the Avro records. Every store, node and internal topic is named.
 */
@NullMarked
package io.abk.billing.usdt.streams;

import org.jspecify.annotations.NullMarked;
