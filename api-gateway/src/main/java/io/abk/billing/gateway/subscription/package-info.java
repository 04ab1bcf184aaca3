/**
 * The merchant routes of subscriptions: create (validated, resolved against the catalog and the merchant,
 * sent as a command and answered from its outcome), get and list (from the read model).
 */
@NullMarked
package io.abk.billing.gateway.subscription;

import org.jspecify.annotations.NullMarked;
