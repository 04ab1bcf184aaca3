package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a subscription bills each period. Grouped because an update (PATCH) changes these together and they take
 * effect from the next renewal; the catalog references are kept only to be shown back. {@code amount} is what the
 * licensed part bills in advance each period (the one amount of a subscription without items); {@code items}, when
 * any, are what it is made of, metered ones billing their usage in arrears. With a metered item the amount may be
 * zero (usage only) and {@code maxAmountPerPeriod} is required: the most one period's invoice may charge, which the
 * customer signs as the mandate's amount.
 */
public record Plan(
        UsdcAmount amount,
        Interval interval,
        @Nullable String priceId,
        @Nullable String planId,
        List<SubscriptionItem> items,
        @Nullable UsdcAmount maxAmountPerPeriod) {

    public Plan {
        items = List.copyOf(items);
        var metered = items.stream().anyMatch(SubscriptionItem::isMetered);
        if (amount.isZero() && !metered) {
            throw new IllegalArgumentException("a subscription amount must be positive");
        }
        if (metered != (maxAmountPerPeriod != null)) {
            throw new IllegalArgumentException(
                    "a subscription has a maximum amount per period exactly when it has a metered item");
        }
        if (maxAmountPerPeriod != null && maxAmountPerPeriod.compareTo(amount) < 0) {
            throw new IllegalArgumentException(
                    "the maximum amount per period " + maxAmountPerPeriod + " is below the licensed amount " + amount);
        }
    }

    /** A plan of one amount and no items (the form before items). */
    public Plan(UsdcAmount amount, Interval interval, @Nullable String priceId, @Nullable String planId) {
        this(amount, interval, priceId, planId, List.of(), null);
    }

    /** The same items and cap with another amount, interval and catalog references (a PATCH). */
    public Plan withTerms(UsdcAmount amount, Interval interval, @Nullable String priceId, @Nullable String planId) {
        return new Plan(amount, interval, priceId, planId, items, maxAmountPerPeriod);
    }

    public boolean isMetered() {
        return maxAmountPerPeriod != null;
    }

    public List<SubscriptionItem> meteredItems() {
        return items.stream().filter(SubscriptionItem::isMetered).toList();
    }

    /**
     * What the customer's mandate lets the vault charge per period, as the checkout asks them to sign it: the maximum
     * per period of a metered subscription, else the amount.
     */
    public UsdcAmount mandateAmount() {
        return maxAmountPerPeriod != null ? maxAmountPerPeriod : amount;
    }
}
