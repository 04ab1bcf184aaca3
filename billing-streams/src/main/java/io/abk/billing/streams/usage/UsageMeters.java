package io.abk.billing.streams.usage;

import io.abk.billing.streams.usage.domain.UsageBucket;
import io.abk.billing.streams.usage.domain.UsageOutcome.CloseKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import java.util.Locale;

/**
 * The usage processor's counters, in Micrometer's global registry (exported on the service's management port):
 * {@code billing_usage_events_total{outcome}} (counted, duplicate, no_tracked_item),
 * {@code billing_usage_event_buckets_total{bucket}} (where counted events counted: open, late — before the open
 * period, so in the period they arrived in — and next) and {@code billing_usage_closes_total{kind}}. Made once, since
 * an event is counted tens of thousands of times a second. As {@code CommandMeters}, a task that fails over replays
 * its aborted transaction's records, so a count can run slightly ahead of what was committed.
 */
final class UsageMeters {

    private static final String SERVICE = "billing-streams";

    private final Counter counted = events("counted");
    private final Counter duplicates = events("duplicate");
    private final Counter untracked = events("no_tracked_item");
    private final Counter[] buckets = new Counter[UsageBucket.values().length];
    private final Counter[] closes = new Counter[CloseKind.values().length];
    private final Counter staleCloses = close("stale");

    UsageMeters() {
        for (var bucket : UsageBucket.values()) {
            buckets[bucket.ordinal()] = Metrics.counter(
                    "billing.usage.event.buckets",
                    "service",
                    SERVICE,
                    "bucket",
                    bucket.name().toLowerCase(Locale.ROOT));
        }
        for (var kind : CloseKind.values()) {
            closes[kind.ordinal()] = close(kind.name().toLowerCase(Locale.ROOT));
        }
    }

    void counted(Iterable<UsageBucket> in) {
        counted.increment();
        for (var bucket : in) {
            buckets[bucket.ordinal()].increment();
        }
    }

    void duplicate() {
        duplicates.increment();
    }

    void untracked() {
        untracked.increment();
    }

    void closed(CloseKind kind) {
        closes[kind.ordinal()].increment();
    }

    void staleClose() {
        staleCloses.increment();
    }

    private static Counter events(String outcome) {
        return Metrics.counter("billing.usage.events", "service", SERVICE, "outcome", outcome);
    }

    private static Counter close(String kind) {
        return Metrics.counter("billing.usage.closes", "service", SERVICE, "kind", kind);
    }
}
