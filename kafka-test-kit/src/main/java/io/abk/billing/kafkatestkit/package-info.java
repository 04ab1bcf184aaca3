/**
 * Test support: one real Kafka broker (KRaft) inside the test JVM, for integration tests of the services, and
 * consumers that read its topics as a downstream service does (committed records only).
 */
@NullMarked
package io.abk.billing.kafkatestkit;

import org.jspecify.annotations.NullMarked;
