package io.abk.billing.streams.usage.domain;

/** A tracked item with its counts: {@code open} for the open period, {@code next} for events at or after its end. */
public record CountedItem(MeteredItem item, UsageCount open, UsageCount next) {

    static CountedItem fresh(MeteredItem item) {
        return new CountedItem(item, UsageCount.ZERO, UsageCount.ZERO);
    }

    /** The item at the close: the next period's counts become the open ones. */
    CountedItem rolled() {
        return new CountedItem(item, next, UsageCount.ZERO);
    }

    RecordedQuantity recorded() {
        return new RecordedQuantity(item.itemId(), item.meterId(), open.quantity(), open.eventCount());
    }
}
