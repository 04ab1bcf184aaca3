package io.abk.billing.streams.usage.domain;

import java.util.Locale;

/** How a meter turns its events into a quantity: the sum of their values, how many there are, or the largest value. */
public enum UsageAggregation {
    SUM,
    COUNT,
    MAX;

    /** {@code sum}, {@code count} or {@code max}, in any case; anything else is a bug of the sender. */
    public static UsageAggregation of(String label) {
        return switch (label.toLowerCase(Locale.ROOT)) {
            case "sum" -> SUM;
            case "count" -> COUNT;
            case "max" -> MAX;
            default -> throw new IllegalArgumentException("not an aggregation (sum, count or max): '" + label + "'");
        };
    }

    /** The lower-case name the wire and the API use. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
