package io.abk.billing.client.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A meter: what a metered price counts, the meter events of one {@code eventName} aggregated per subscription item
 * and period by {@code aggregation} ({@code sum}, {@code count} or {@code max}). {@code valueKey} names the number in
 * an event's payload that is its value; {@code status} is {@code active} or {@code inactive}.
 */
public record Meter(
        String id,
        String object,
        String eventName,
        String aggregation,
        @Nullable String displayName,
        String valueKey,
        String status,
        boolean livemode,
        Instant createdAt) {}
