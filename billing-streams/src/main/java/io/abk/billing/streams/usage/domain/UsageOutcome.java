package io.abk.billing.streams.usage.domain;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/** What an instruction did to a customer's usage, and what the processor writes for it. */
public sealed interface UsageOutcome {

    /**
     * The event counted for the subscriptions {@code subscriptionIds} (their summaries are now due), in
     * {@code buckets}.
     */
    record Counted(CustomerUsage after, List<String> subscriptionIds, Set<UsageBucket> buckets)
            implements UsageOutcome {

        public Counted {
            subscriptionIds = List.copyOf(subscriptionIds);
            buckets = Set.copyOf(buckets);
        }
    }

    /** No tracked item of the customer counts events of this name: nothing changed. */
    record Untracked() implements UsageOutcome {}

    /** The subscription's items are tracked as {@code subscription} (its summary goes out at once). */
    record Tracked(CustomerUsage after, TrackedSubscription subscription) implements UsageOutcome {}

    /** The subscription is no longer tracked; {@code wasTracked} false: it was not, and nothing changed. */
    record Stopped(CustomerUsage after, String subscriptionId, boolean wasTracked) implements UsageOutcome {}

    /** The close answers {@code recorded} to the subscription; {@code kind} says how it came to be. */
    record Recorded(CustomerUsage after, String subscriptionId, RecordedPeriod recorded, CloseKind kind)
            implements UsageOutcome {}

    /**
     * A close of a period that ended at or before the open one's start and is not the last closed one: nothing awaits
     * its answer any more and its counts are gone, so nothing is sent and nothing changes.
     */
    record StaleClose(String subscriptionId, Instant openPeriodStart) implements UsageOutcome {}

    enum CloseKind {
        /** The open period closed: its counts recorded, the next period open. */
        CLOSED,
        /**
         * The open period closed under the close's bounds, which were not its own (the subscription's periods moved
         * without a track): recorded all the same, so the renewal waiting for it goes on.
         */
        REALIGNED,
        /** The period had closed already: its quantities sent again, nothing changed. */
        REPEATED,
        /** The subscription is not tracked: an empty record, so the renewal waiting for it goes on. */
        UNTRACKED
    }
}
