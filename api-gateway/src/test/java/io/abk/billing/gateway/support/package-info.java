/** Shared test infrastructure: the embedded PostgreSQL of the test JVM, free ports, and the HTTP test base. */
@NullMarked
package io.abk.billing.gateway.support;

import org.jspecify.annotations.NullMarked;
