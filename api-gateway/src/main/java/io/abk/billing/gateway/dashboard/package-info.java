/**
 * The merchant dashboard under {@code /dashboard}: a team member signs in with an email and a password, and works in
 * server-rendered pages (templates and a style sheet in api-gateway's {@code src/main/resources/dashboard}). Sessions
 * live in PostgreSQL; every state change carries the session's CSRF token.
 */
@NullMarked
package io.abk.billing.gateway.dashboard;

import org.jspecify.annotations.NullMarked;
