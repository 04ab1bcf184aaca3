package io.abk.billing.streams.usage.domain;

/**
 * A metered item's count in one period: its quantity as the meter aggregates (sum, count or max of the values) and
 * how many events were counted.
 */
public record UsageCount(long quantity, long eventCount) {

    public static final UsageCount ZERO = new UsageCount(0, 0);

    public UsageCount {
        if (quantity < 0 || eventCount < 0) {
            throw new IllegalArgumentException(
                    "a count cannot be negative: quantity=" + quantity + " eventCount=" + eventCount);
        }
    }

    /**
     * This count with one more event of {@code value} (whole, not negative) aggregated by {@code aggregation}. A sum
     * stops at {@link Long#MAX_VALUE} rather than wrap: nine million events at the largest value an event may carry.
     */
    public UsageCount plus(UsageAggregation aggregation, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("an event's value cannot be negative: " + value);
        }
        var quantity = switch (aggregation) {
            case SUM -> saturatedAdd(this.quantity, value);
            case COUNT -> saturatedAdd(this.quantity, 1);
            case MAX -> Math.max(this.quantity, value);
        };
        return new UsageCount(quantity, saturatedAdd(eventCount, 1));
    }

    /** This count and {@code other}, of the same item, as one: the sums and counts added, the larger of two maxima. */
    public UsageCount merged(UsageAggregation aggregation, UsageCount other) {
        var quantity = switch (aggregation) {
            case SUM, COUNT -> saturatedAdd(this.quantity, other.quantity);
            case MAX -> Math.max(this.quantity, other.quantity);
        };
        return new UsageCount(quantity, saturatedAdd(eventCount, other.eventCount));
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < a ? Long.MAX_VALUE : sum;
    }
}
