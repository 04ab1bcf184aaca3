/** The exactly-once, low-latency Kafka Streams settings every Streams service runs with. */
@NullMarked
package io.abk.billing.streamskit.config;

import org.jspecify.annotations.NullMarked;
