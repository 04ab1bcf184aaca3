/**
 * Fan-out (docs/architecture.md, "Webhooks"): each billing event is recorded in the event log and turned into one
 * {@code WebhookDelivery} per subscribed endpoint of its merchant and mode.
 */
@NullMarked
package io.abk.billing.webhooks.fanout;

import org.jspecify.annotations.NullMarked;
