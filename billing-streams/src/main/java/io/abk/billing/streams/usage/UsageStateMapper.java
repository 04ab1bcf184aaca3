package io.abk.billing.streams.usage;

import io.abk.billing.schemas.avro.UsageQuantity;
import io.abk.billing.schemas.avro.UsageState;
import io.abk.billing.schemas.avro.UsageStateItem;
import io.abk.billing.schemas.avro.UsageStateSubscription;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.usage.domain.CountedItem;
import io.abk.billing.streams.usage.domain.CustomerUsage;
import io.abk.billing.streams.usage.domain.MeteredItem;
import io.abk.billing.streams.usage.domain.RecordedPeriod;
import io.abk.billing.streams.usage.domain.RecordedQuantity;
import io.abk.billing.streams.usage.domain.TrackedSubscription;
import io.abk.billing.streams.usage.domain.UsageAggregation;
import io.abk.billing.streams.usage.domain.UsageCount;
import java.util.ArrayList;
import java.util.List;

/** A customer's usage between the {@code usage-state} store's {@code UsageState} and the domain's records. */
final class UsageStateMapper {

    private UsageStateMapper() {}

    static CustomerUsage toDomain(UsageState state) {
        var subscriptions =
                new ArrayList<TrackedSubscription>(state.getSubscriptions().size());
        for (var subscription : state.getSubscriptions()) {
            var items = new ArrayList<CountedItem>(subscription.getItems().size());
            for (var item : subscription.getItems()) {
                items.add(new CountedItem(
                        new MeteredItem(
                                item.getItemId(),
                                item.getMeterId(),
                                item.getEventName(),
                                UsageAggregation.of(item.getAggregation())),
                        new UsageCount(item.getQuantity(), item.getEventCount()),
                        new UsageCount(item.getNextQuantity(), item.getNextEventCount())));
            }
            var closedStart = subscription.getClosedPeriodStart();
            var closedEnd = subscription.getClosedPeriodEnd();
            var closed = closedStart == null || closedEnd == null
                    ? null
                    : new RecordedPeriod(
                            closedStart,
                            closedEnd,
                            subscription.getClosedItems().stream()
                                    .map(q -> new RecordedQuantity(
                                            q.getItemId(), q.getMeterId(), q.getQuantity(), q.getEventCount()))
                                    .toList());
            subscriptions.add(new TrackedSubscription(
                    subscription.getSubscriptionId(),
                    subscription.getPeriodStart(),
                    subscription.getPeriodEnd(),
                    items,
                    subscription.getSummaryDue(),
                    closed));
        }
        return new CustomerUsage(
                new Tenant(state.getMerchantId(), ModeMapper.toDomain(state.getMode())),
                state.getCustomerId(),
                subscriptions);
    }

    static UsageState toAvro(CustomerUsage usage) {
        var subscriptions =
                new ArrayList<UsageStateSubscription>(usage.subscriptions().size());
        for (var subscription : usage.subscriptions()) {
            var items = new ArrayList<UsageStateItem>(subscription.items().size());
            for (var counted : subscription.items()) {
                var item = counted.item();
                items.add(new UsageStateItem(
                        item.itemId(),
                        item.meterId(),
                        item.eventName(),
                        item.aggregation().label(),
                        counted.open().quantity(),
                        counted.open().eventCount(),
                        counted.next().quantity(),
                        counted.next().eventCount()));
            }
            var closed = subscription.closed();
            subscriptions.add(new UsageStateSubscription(
                    subscription.subscriptionId(),
                    subscription.periodStart(),
                    subscription.periodEnd(),
                    items,
                    subscription.summaryDue(),
                    closed == null ? null : closed.start(),
                    closed == null ? null : closed.end(),
                    closed == null ? List.of() : quantities(closed.items())));
        }
        return new UsageState(
                usage.tenant().merchantId(),
                ModeMapper.toAvro(usage.tenant().mode()),
                usage.customerId(),
                subscriptions);
    }

    static List<UsageQuantity> quantities(List<RecordedQuantity> recorded) {
        var quantities = new ArrayList<UsageQuantity>(recorded.size());
        for (var q : recorded) {
            quantities.add(new UsageQuantity(q.itemId(), q.meterId(), q.quantity(), q.eventCount()));
        }
        return quantities;
    }
}
