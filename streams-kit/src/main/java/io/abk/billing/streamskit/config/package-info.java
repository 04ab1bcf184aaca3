/**
 * Configuration helpers of the Streams services: typed reads of environment variables, and the exactly-once,
 * low-latency Kafka Streams settings they all run with.
 */
@NullMarked
package io.abk.billing.streamskit.config;

import org.jspecify.annotations.NullMarked;
