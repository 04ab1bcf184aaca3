package io.abk.billing.streams.subscription.domain;

import java.time.Instant;

/** A billing period, start inclusive and end exclusive. Never empty. */
public record Period(Instant start, Instant end) {

    public Period {
        if (!start.isBefore(end)) {
            throw new IllegalArgumentException("a period must end after it starts: " + start + " .. " + end);
        }
    }
}
