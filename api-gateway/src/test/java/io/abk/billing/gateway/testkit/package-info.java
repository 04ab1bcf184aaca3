/**
 * The gateway's one test kit: per test JVM one embedded PostgreSQL ({@link io.abk.billing.gateway.testkit.SharedInfra},
 * a database per user) and one KRaft broker started only when a test asks for it; the two HTTP test bases whose
 * Spring contexts every HTTP test shares; the stand-in for billing-streams; change fixtures and topic helpers.
 */
@NullMarked
package io.abk.billing.gateway.testkit;

import org.jspecify.annotations.NullMarked;
