/**
 * Test support of the write path and read model: one embedded PostgreSQL and one KRaft broker per JVM, a
 * stand-in for the subscription processor, change fixtures, and the platform seams (caller, errors, lookups)
 * for a Spring context of just these packages.
 */
@NullMarked
package io.abk.billing.gateway.command.testkit;

import org.jspecify.annotations.NullMarked;
