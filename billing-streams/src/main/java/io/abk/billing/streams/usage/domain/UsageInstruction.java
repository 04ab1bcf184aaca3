package io.abk.billing.streams.usage.domain;

import java.time.Instant;
import java.util.List;

/** What the usage processor is asked to do for a customer: count an event, or a subscription's track, stop or close. */
public sealed interface UsageInstruction {

    /** A meter event not seen before (the processor drops a repeated identifier before the rules). */
    record Count(String eventName, Instant timestamp, long value) implements UsageInstruction {}

    /**
     * The subscription bills {@code items} in [periodStart, periodEnd): they replace what was tracked for it. An item
     * that stays (same id and meter) keeps its counts when the period is the one open; a period that starts where the
     * open one ends makes the next period's counts the open ones (as a close would, without recording); any other
     * period starts from zero.
     */
    record Track(String subscriptionId, List<MeteredItem> items, Instant periodStart, Instant periodEnd)
            implements UsageInstruction {

        public Track {
            items = List.copyOf(items);
        }
    }

    /** The subscription ended: its counts are dropped. */
    record Stop(String subscriptionId) implements UsageInstruction {}

    /** The subscription renews past {@code periodEnd}: record [periodStart, periodEnd), then count to nextPeriodEnd. */
    record Close(String subscriptionId, Instant periodStart, Instant periodEnd, Instant nextPeriodEnd)
            implements UsageInstruction {}
}
