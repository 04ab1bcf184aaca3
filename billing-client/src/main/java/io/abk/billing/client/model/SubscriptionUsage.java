package io.abk.billing.client.model;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A subscription's usage in its open usage period [{@code periodStart}, {@code periodEnd}): one entry per metered
 * item, as the usage processor summarised it at {@code asOf} (null before the first summary, the quantities 0).
 */
public record SubscriptionUsage(
        String object,
        String subscriptionId,
        Instant periodStart,
        Instant periodEnd,
        @Nullable Instant asOf,
        List<SubscriptionUsageItem> items) {}
