package io.abk.billing.streams.usage.domain;

import io.abk.billing.streams.usage.domain.UsageInstruction.Close;
import io.abk.billing.streams.usage.domain.UsageInstruction.Count;
import io.abk.billing.streams.usage.domain.UsageInstruction.Stop;
import io.abk.billing.streams.usage.domain.UsageInstruction.Track;
import io.abk.billing.streams.usage.domain.UsageOutcome.CloseKind;
import io.abk.billing.streams.usage.domain.UsageOutcome.Counted;
import io.abk.billing.streams.usage.domain.UsageOutcome.Recorded;
import io.abk.billing.streams.usage.domain.UsageOutcome.StaleClose;
import io.abk.billing.streams.usage.domain.UsageOutcome.Stopped;
import io.abk.billing.streams.usage.domain.UsageOutcome.Tracked;
import io.abk.billing.streams.usage.domain.UsageOutcome.Untracked;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The usage processor's rules (docs/architecture.md, "The usage processor"), pure and static:
 *
 * <ul>
 *   <li>an event counts for every tracked item of the customer with its event name, in the bucket its timestamp picks
 *       against the subscription's open period [start, end): before the start (a period already closed) the open
 *       period, as late events count in the period they arrive in; within it the open period; at or after its end the
 *       next period, which becomes the open one at the close. Sum adds the value, count adds one, max keeps the
 *       largest;
 *   <li>a close records the open period's quantities, remembers them and opens [periodEnd, nextPeriodEnd) with the
 *       next period's counts; a close asked again for the last closed period records the same quantities again.
 * </ul>
 *
 * Identifiers are not the rules' business: the processor drops a repeated one before it asks them.
 */
public final class CustomerUsageRules {

    private static final UsageOutcome UNTRACKED = new Untracked();

    private CustomerUsageRules() {}

    public static UsageOutcome apply(CustomerUsage usage, UsageInstruction instruction) {
        return switch (instruction) {
            case Count count -> count(usage, count);
            case Track track -> track(usage, track);
            case Stop stop -> stop(usage, stop);
            case Close close -> close(usage, close);
        };
    }

    private static UsageOutcome count(CustomerUsage usage, Count event) {
        var buckets = EnumSet.noneOf(UsageBucket.class);
        List<String> counted = List.of();
        var after = usage;
        for (var subscription : usage.subscriptions()) {
            if (!subscription.counts(event.eventName())) {
                continue;
            }
            var bucket = event.timestamp().isBefore(subscription.periodStart())
                    ? UsageBucket.LATE
                    : event.timestamp().isBefore(subscription.periodEnd()) ? UsageBucket.OPEN : UsageBucket.NEXT;
            var items = new ArrayList<CountedItem>(subscription.items().size());
            for (var item : subscription.items()) {
                var meter = item.item();
                if (!meter.eventName().equals(event.eventName())) {
                    items.add(item);
                } else if (bucket == UsageBucket.NEXT) {
                    items.add(
                            new CountedItem(meter, item.open(), item.next().plus(meter.aggregation(), event.value())));
                } else {
                    items.add(
                            new CountedItem(meter, item.open().plus(meter.aggregation(), event.value()), item.next()));
                }
            }
            after = after.with(new TrackedSubscription(
                    subscription.subscriptionId(),
                    subscription.periodStart(),
                    subscription.periodEnd(),
                    items,
                    true,
                    subscription.closed()));
            buckets.add(bucket);
            counted = counted.isEmpty()
                    ? List.of(subscription.subscriptionId())
                    : append(counted, subscription.subscriptionId());
        }
        return counted.isEmpty() ? UNTRACKED : new Counted(after, counted, buckets);
    }

    private static UsageOutcome track(CustomerUsage usage, Track track) {
        var existing = usage.subscription(track.subscriptionId());
        var items = new ArrayList<CountedItem>(track.items().size());
        for (var meter : track.items()) {
            var item = CountedItem.fresh(meter);
            var kept = existing == null ? null : itemOf(existing, meter);
            if (existing != null && kept != null && kept.item().countsLike(meter)) {
                if (track.periodStart().equals(existing.periodStart())) {
                    item = new CountedItem(meter, kept.open(), kept.next());
                } else if (track.periodStart().equals(existing.periodEnd())) {
                    item = new CountedItem(meter, kept.next(), UsageCount.ZERO);
                } else {
                    // Another period (a resume from a pause starts a new one): what was counted and never recorded
                    // for a close is carried into it, so the close at its end bills it.
                    item = new CountedItem(
                            meter, kept.open().merged(meter.aggregation(), kept.next()), UsageCount.ZERO);
                }
            }
            items.add(item);
        }
        var tracked = new TrackedSubscription(
                track.subscriptionId(),
                track.periodStart(),
                track.periodEnd(),
                items,
                false,
                existing == null ? null : existing.closed());
        return new Tracked(usage.with(tracked), tracked);
    }

    private static UsageOutcome stop(CustomerUsage usage, Stop stop) {
        var existing = usage.subscription(stop.subscriptionId());
        return existing == null
                ? new Stopped(usage, stop.subscriptionId(), false)
                : new Stopped(usage.without(stop.subscriptionId()), stop.subscriptionId(), true);
    }

    private static UsageOutcome close(CustomerUsage usage, Close close) {
        if (!close.periodEnd().isAfter(close.periodStart())
                || !close.nextPeriodEnd().isAfter(close.periodEnd())) {
            throw new IllegalArgumentException("a close needs periodStart < periodEnd < nextPeriodEnd: subscriptionId="
                    + close.subscriptionId() + " periodStart=" + close.periodStart() + " periodEnd="
                    + close.periodEnd() + " nextPeriodEnd=" + close.nextPeriodEnd());
        }
        var subscription = usage.subscription(close.subscriptionId());
        if (subscription == null) {
            return new Recorded(
                    usage,
                    close.subscriptionId(),
                    new RecordedPeriod(close.periodStart(), close.periodEnd(), List.of()),
                    CloseKind.UNTRACKED);
        }
        var closed = subscription.closed();
        if (closed != null && closed.end().equals(close.periodEnd())) {
            return new Recorded(usage, close.subscriptionId(), closed, CloseKind.REPEATED);
        }
        if (!close.periodEnd().isAfter(subscription.periodStart())) {
            return new StaleClose(close.subscriptionId(), subscription.periodStart());
        }
        var recorded = new RecordedPeriod(
                close.periodStart(),
                close.periodEnd(),
                subscription.items().stream().map(CountedItem::recorded).toList());
        var next = new TrackedSubscription(
                subscription.subscriptionId(),
                close.periodEnd(),
                close.nextPeriodEnd(),
                subscription.items().stream().map(CountedItem::rolled).toList(),
                false,
                recorded);
        var aligned = close.periodStart().equals(subscription.periodStart())
                && close.periodEnd().equals(subscription.periodEnd());
        return new Recorded(
                usage.with(next), close.subscriptionId(), recorded, aligned ? CloseKind.CLOSED : CloseKind.REALIGNED);
    }

    private static @Nullable CountedItem itemOf(TrackedSubscription subscription, MeteredItem meter) {
        for (var item : subscription.items()) {
            if (item.item().itemId().equals(meter.itemId())) {
                return item;
            }
        }
        return null;
    }

    private static List<String> append(List<String> list, String element) {
        var longer = new ArrayList<>(list);
        longer.add(element);
        return longer;
    }
}
