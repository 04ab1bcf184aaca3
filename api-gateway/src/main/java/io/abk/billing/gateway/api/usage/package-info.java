/**
 * A subscription's usage in its open period: {@code billing.usage-summaries} projected into {@code subscription_usage}
 * ({@link io.abk.billing.gateway.api.usage.UsageSummaryProjector}) and answered, priced, by
 * {@code GET /v1/subscriptions/{id}/usage} ({@link io.abk.billing.gateway.api.usage.SubscriptionUsageService}), which the
 * dashboard's subscription page shows too.
 */
@NullMarked
package io.abk.billing.gateway.api.usage;

import org.jspecify.annotations.NullMarked;
