package io.abk.billing.client.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The merchant's test clock.
 */
public record TestClock(
        String object,
        @Nullable Instant frozenAt,
        Instant effectiveNow,
        @Nullable Instant createdAt,
        @Nullable Instant updatedAt) {}
