/**
 * The merchant's event log (the webhook payloads the sender recorded, last 30 days) and redeliveries of its events
 * to webhook endpoints, and test events for one endpoint, queued on {@code webhooks.deliveries} for the sender.
 */
@NullMarked
package io.abk.billing.gateway.api.event;

import org.jspecify.annotations.NullMarked;
