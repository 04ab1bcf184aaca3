/** The production Kafka Streams topology of billing-streams: named sources, processors, stores and sinks. */
@NullMarked
package io.abk.billing.streams.topology;

import org.jspecify.annotations.NullMarked;
