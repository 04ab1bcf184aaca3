/**
 * The Java client of the USDC billing API: {@link io.abk.billing.client.Billing} is the entry point, its services
 * call the API, {@link io.abk.billing.client.BillingException} and its subclasses are the failures, and
 * {@link io.abk.billing.client.service.Webhooks} verifies deliveries (docs/sdk-java.md).
 */
@NullMarked
package io.abk.billing.client;

import org.jspecify.annotations.NullMarked;
