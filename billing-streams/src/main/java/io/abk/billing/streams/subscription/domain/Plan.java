package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import org.jspecify.annotations.Nullable;

/**
 * What a subscription bills each period. Grouped because an update (PATCH) changes these together and they take
 * effect from the next renewal; the catalog references are kept only to be shown back.
 */
public record Plan(
        UsdcAmount amount,
        Interval interval,
        @Nullable String priceId,
        @Nullable String planId) {

    public Plan {
        if (amount.isZero()) {
            throw new IllegalArgumentException("a subscription amount must be positive");
        }
    }
}
