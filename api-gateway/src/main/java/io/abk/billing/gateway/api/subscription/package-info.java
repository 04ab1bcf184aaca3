/**
 * The merchant routes of subscriptions: create (validated, resolved against the catalog and the merchant,
 * sent as a command and answered from its outcome), get and list (from the read model), and the lifecycle
 * (activate, complete, cancel, resume, pause, update), whose activation checkout reuses.
 */
@NullMarked
package io.abk.billing.gateway.api.subscription;

import org.jspecify.annotations.NullMarked;
