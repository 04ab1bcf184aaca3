/**
 * End-to-end tests through the HTTP API against the whole stack in one process: the real Kafka broker, the real
 * billing-streams processor and the real PostgreSQL read model, test mode in the sandbox ({@code SharedStack}) or,
 * for the {@code Chain*} classes, on a local anvil chain ({@code ChainStack}). Black box only: HTTP and the chain,
 * plus reading the platform's topics and database where a test must prove what did (not) happen.
 */
@NullMarked
package io.abk.billing.systemtests.stack;

import org.jspecify.annotations.NullMarked;
