package io.abk.billing.webhooks.attempt.endpoint;

import java.time.Duration;
import java.time.Instant;

/** What an attempt does to its endpoint's health, written with the attempt's log row. */
public enum HealthChange {
    /** Skipped attempt: the endpoint is left as it is. */
    NONE,
    /** A 2xx: the failing streak ends ({@code failing_since = NULL}). */
    SUCCEEDED,
    /** A 410: the receiver says the endpoint is gone for good; disabled at once with reason {@code gone}. */
    GONE,
    /**
     * Any other failure: the streak starts if none runs; an endpoint failing for the disable-after period is
     * disabled with reason {@code failing_for_5_days}.
     */
    FAILED;

    /** The 5-day rule: a streak that began {@code disableAfter} or longer before {@code now} disables the endpoint. */
    public static boolean failingTooLong(Instant failingSince, Instant now, Duration disableAfter) {
        return !Duration.between(failingSince, now).minus(disableAfter).isNegative();
    }
}
