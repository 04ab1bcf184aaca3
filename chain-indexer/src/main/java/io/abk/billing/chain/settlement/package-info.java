/**
 * The Kafka adapter of settlement: the stream processor that answers each chain request exactly once, the store
 * of answers given, the processor holding the transaction hashes' claims behind the repartition by hash, and the
 * mappers between the Avro records on the wire and the domain's records.
 */
@NullMarked
package io.abk.billing.chain.settlement;

import org.jspecify.annotations.NullMarked;
