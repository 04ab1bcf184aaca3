package io.abk.billing.streams.usage.domain;

/**
 * A subscription's metered item as the usage processor counts it: the events named {@code eventName} (its meter's),
 * aggregated by {@code aggregation}.
 */
public record MeteredItem(String itemId, String meterId, String eventName, UsageAggregation aggregation) {

    /** Whether counts made for {@code other} also count for this item: the same item of the same meter. */
    boolean countsLike(MeteredItem other) {
        return itemId.equals(other.itemId)
                && meterId.equals(other.meterId)
                && eventName.equals(other.eventName)
                && aggregation == other.aggregation;
    }
}
