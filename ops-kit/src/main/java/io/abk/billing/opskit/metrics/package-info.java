/** The process's Prometheus registry with JVM meters, and the lag and backlog gauges read from Kafka. */
@NullMarked
package io.abk.billing.opskit.metrics;

import org.jspecify.annotations.NullMarked;
