/**
 * Webhooks of the companion USDT interface: its {@code payment.confirmed} events on {@code usdt.events} go to the
 * companion's configured endpoints through the same deliveries, retry topics, signatures and delivery log as the
 * merchants' events. The endpoints belong to an internal merchant ("USDT companion") made at start from
 * configuration.
 */
@NullMarked
package io.abk.billing.webhooks.companion;

import org.jspecify.annotations.NullMarked;
