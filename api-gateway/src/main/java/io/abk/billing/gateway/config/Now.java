package io.abk.billing.gateway.config;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Timestamps as the control plane stores and renders them: UTC, to the millisecond. */
public final class Now {

    private Now() {}

    /**
     * The current instant truncated to milliseconds, so what a write returns equals what a later read of the
     * row (PostgreSQL keeps microseconds) returns.
     */
    public static Instant of(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
