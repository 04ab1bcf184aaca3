/**
 * The benchmark harness: load generators for the main paths of the running system and, on the same payloads and
 * in the same run, baselines of the machine itself (a Kafka round trip and a PostgreSQL insert).
 */
@NullMarked
package io.abk.billing.bench;

import org.jspecify.annotations.NullMarked;
