/** Test support: one real Kafka broker (KRaft) inside the test JVM, for integration tests of the services. */
@NullMarked
package io.abk.billing.kafkatestkit;

import org.jspecify.annotations.NullMarked;
