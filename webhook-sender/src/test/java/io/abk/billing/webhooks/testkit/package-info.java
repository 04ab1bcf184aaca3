/**
 * Test support shared by the sender's integration tests: one in-process broker and one embedded PostgreSQL per test
 * JVM, one running sender, real local HTTP receivers, and builders for events and endpoint rows.
 */
@NullMarked
package io.abk.billing.webhooks.testkit;

import org.jspecify.annotations.NullMarked;
