/** The production Kafka Streams topology of renewal-scheduler: named sources, processors, stores and sinks. */
@NullMarked
package io.abk.billing.scheduler.topology;

import org.jspecify.annotations.NullMarked;
