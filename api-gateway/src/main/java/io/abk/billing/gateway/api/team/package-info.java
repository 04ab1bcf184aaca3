/**
 * The merchant's team under {@code /v1/team}: its members (their roles, lockouts and removal) and the invitations that
 * bring new ones, for the team's owner in the dashboard only; an API key is refused, since the people who sign in are
 * not an integration's to manage.
 */
@NullMarked
package io.abk.billing.gateway.api.team;

import org.jspecify.annotations.NullMarked;
