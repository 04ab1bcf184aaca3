/**
 * What makes a service process operable, shared by every service: its management HTTP port (health, readiness,
 * Prometheus metrics), its consumer groups' lag, its logs, a {@code main} that turns a bad setting into one clear
 * line and a non-zero exit, the start of a Spring Boot service in its own process or another JVM (and its running handle), and the JSON error
 * answers of the WebFlux services. Nothing here knows billing.
 */
@NullMarked
package io.abk.billing.opskit;

import org.jspecify.annotations.NullMarked;
