package io.abk.billing.streams.usage.domain;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A subscription whose metered items the usage processor counts: its open period [periodStart, periodEnd), each
 * item's counts, whether a summary is due (counts changed since the last one was written) and the last period it
 * closed (null: none yet), kept so a close asked again answers the same quantities.
 */
public record TrackedSubscription(
        String subscriptionId,
        Instant periodStart,
        Instant periodEnd,
        List<CountedItem> items,
        boolean summaryDue,
        @Nullable RecordedPeriod closed) {

    public TrackedSubscription {
        if (!periodEnd.isAfter(periodStart)) {
            throw new IllegalArgumentException("a period must end after it starts: subscriptionId=" + subscriptionId
                    + " periodStart=" + periodStart + " periodEnd=" + periodEnd);
        }
        items = List.copyOf(items);
    }

    /** The same subscription with its summary written. */
    public TrackedSubscription summarized() {
        return summaryDue
                ? new TrackedSubscription(subscriptionId, periodStart, periodEnd, items, false, closed)
                : this;
    }

    /** Whether an event named {@code eventName} counts for one of its items. */
    boolean counts(String eventName) {
        for (var item : items) {
            if (item.item().eventName().equals(eventName)) {
                return true;
            }
        }
        return false;
    }
}
