package io.abk.billing.streams.usage.domain;

/** Where an event counted for a tracked subscription, by its timestamp against the open period [start, end). */
public enum UsageBucket {
    /** Within the open period. */
    OPEN,
    /** Before the open period's start, so in a period already closed: it counts in the open period, where it arrived. */
    LATE,
    /** At or after the open period's end: it counts in the next period, which becomes the open one at the close. */
    NEXT
}
