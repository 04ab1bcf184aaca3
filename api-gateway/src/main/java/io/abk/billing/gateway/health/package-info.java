/**
 * Readiness of what the gateway needs ({@code GET /actuator/health}): PostgreSQL, the Kafka cluster, and the
 * billing-streams application's consumer group. Each check answers within about two seconds.
 */
@NullMarked
package io.abk.billing.gateway.health;

import org.jspecify.annotations.NullMarked;
