package io.abk.billing.gateway.controlplane.clock;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A merchant's test clock as stored: {@code frozenAt} null follows the wall clock. A clock never set is version 0
 * with no timestamps ({@link #never}).
 */
public record ClockState(
        String merchantId,
        @Nullable Instant frozenAt,
        long version,
        @Nullable Instant createdAt,
        @Nullable Instant updatedAt) {

    public static ClockState never(String merchantId) {
        return new ClockState(merchantId, null, 0, null, null);
    }

    /** Test mode's now: the frozen instant, else the wall clock's. */
    public Instant effectiveNow(Instant wallNow) {
        return frozenAt != null ? frozenAt : wallNow;
    }
}
