/**
 * Readiness of what the gateway needs ({@code GET /actuator/health}): PostgreSQL, the Kafka cluster, and the
 * consumer groups of billing-streams and of the settlement service. Each check answers within about two seconds.
 */
@NullMarked
package io.abk.billing.gateway.platform.health;

import org.jspecify.annotations.NullMarked;
