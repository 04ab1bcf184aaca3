/**
 * The sender as an operated process: its management port (health, readiness, Prometheus metrics with the lag of its
 * consumer groups, the backlog of each retry topic and the dead letters).
 */
@NullMarked
package io.abk.billing.webhooks.ops;

import org.jspecify.annotations.NullMarked;
