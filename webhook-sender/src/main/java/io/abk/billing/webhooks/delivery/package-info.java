/**
 * Delivery (flow points 2 and 3): the asynchronous listener on {@code webhooks.deliveries} and its retry topics, the
 * retry schedule, the bound on attempts in flight and the drain at shutdown.
 */
@NullMarked
package io.abk.billing.webhooks.delivery;

import org.jspecify.annotations.NullMarked;
