/**
 * The attempt's SQL: reading an endpoint's URL, secrets and state, and writing the delivery log row together with
 * the endpoint's health (failing streak, disabling) in one transaction. Blocking JDBC: called off the event loop.
 */
@NullMarked
package io.abk.billing.webhooks.attempt.endpoint;

import org.jspecify.annotations.NullMarked;
