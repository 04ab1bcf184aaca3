/**
 * The merchant's own account under {@code /v1/account}: its names and default payout address, read by any caller of
 * the merchant and changed by its owner or its API keys, each change audited with the caller as the actor.
 */
@NullMarked
package io.abk.billing.gateway.api.account;

import org.jspecify.annotations.NullMarked;
