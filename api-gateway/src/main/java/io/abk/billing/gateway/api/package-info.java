/**
 * The merchant API's resources under {@code /v1}, one package each: subscriptions, invoices, payments, payment links,
 * the catalog, webhook endpoints, events, the test clock, the account and its team. Each holds its routes, its request
 * bodies and, for the resources kept in PostgreSQL, its repository; writes to billing state go through {@code command},
 * reads come from {@code readmodel}. {@link io.abk.billing.gateway.api.CallerAudit} writes the audit entry of a change
 * an API key makes; {@link io.abk.billing.gateway.api.RequestTimestamps} reads the timestamps request bodies give.
 */
@NullMarked
package io.abk.billing.gateway.api;

import org.jspecify.annotations.NullMarked;
