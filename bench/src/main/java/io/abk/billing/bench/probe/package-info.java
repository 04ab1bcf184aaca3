/**
 * What the stack costs the machine while a scenario runs: CPU time over wall time and resident memory, read from
 * the JVM and from {@code /proc} for the stack's process and its PostgreSQL server and backends.
 */
@NullMarked
package io.abk.billing.bench.probe;

import org.jspecify.annotations.NullMarked;
