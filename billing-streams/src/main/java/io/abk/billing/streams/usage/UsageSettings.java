package io.abk.billing.streams.usage;

import io.abk.billing.schemas.ids.MeterEvents;
import java.time.Duration;

/**
 * How the usage processor runs: how long it remembers an event's identifier (a repeat within it is dropped) and how
 * often it writes the summaries of the subscriptions whose counts changed.
 *
 * @param deduplicationWindow the identifiers' memory, {@link MeterEvents#DEDUPLICATION_WINDOW} in production: the
 *     gateway refuses an event older than that, so a retry can only come within it
 * @param summaryInterval at most one summary per subscription per interval while events arrive: a summary is for a
 *     person looking at a page, so once a second is live enough and keeps the summaries topic far below the events'
 */
public record UsageSettings(Duration deduplicationWindow, Duration summaryInterval) {

    public static final UsageSettings DEFAULT =
            new UsageSettings(MeterEvents.DEDUPLICATION_WINDOW, Duration.ofSeconds(1));

    public UsageSettings {
        if (!deduplicationWindow.isPositive()) {
            throw new IllegalArgumentException("deduplicationWindow must be positive, was " + deduplicationWindow);
        }
        if (!summaryInterval.isPositive()) {
            throw new IllegalArgumentException("summaryInterval must be positive, was " + summaryInterval);
        }
    }
}
