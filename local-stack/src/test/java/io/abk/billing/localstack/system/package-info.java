/**
 * End-to-end tests of the subscription slice (issue 2) through the HTTP API against the whole stack in one
 * process: the real Kafka broker, the real billing-streams processor and the real PostgreSQL read model. Black box
 * only: HTTP, plus reading the platform's topics and database where a test must prove what did (not) happen.
 */
@NullMarked
package io.abk.billing.localstack.system;

import org.jspecify.annotations.NullMarked;
