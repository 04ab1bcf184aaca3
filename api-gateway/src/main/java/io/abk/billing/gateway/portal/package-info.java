/**
 * The customer portal ({@code /portal}): a merchant's customer, signed in by a one-use link the merchant created
 * ({@code POST /v1/portal_sessions}) or by Sign-In with Ethereum, sees and manages what their wallet signed with that
 * merchant in one mode. Every route authorizes from the portal's own cookie session, never from the dashboard's or a
 * key.
 */
@NullMarked
package io.abk.billing.gateway.portal;

import org.jspecify.annotations.NullMarked;
