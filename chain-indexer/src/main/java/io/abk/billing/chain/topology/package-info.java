/** The production Kafka Streams topology of chain-indexer: named sources, processors, stores and sinks. */
@NullMarked
package io.abk.billing.chain.topology;

import org.jspecify.annotations.NullMarked;
