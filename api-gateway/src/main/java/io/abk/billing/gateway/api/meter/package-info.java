/**
 * Metered usage at the gateway: a merchant's meters ({@code /v1/meters}, stored here like the catalog), the meter
 * events it accepts for them ({@code /v1/meter_events} and its batch, written to {@code billing.meter-events}), and
 * the usage read model ({@code billing.usage-summaries} projected into {@code subscription_usage}).
 */
@NullMarked
package io.abk.billing.gateway.api.meter;

import org.jspecify.annotations.NullMarked;
