package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsagePricing;
import io.abk.billing.schemas.money.UsdcAmount;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One item of a subscription, as the gateway resolved it from its price: a licensed one bills {@code quantity} x
 * {@code unitAmount} each period (already summed into the plan's amount), a metered one bills the period's usage of
 * its meter in arrears, priced by {@code unitAmount} or its graduated {@code tiers} ({@link UsagePricing}). A metered
 * item names its meter, the meter's event name and aggregation, which the usage processor counts by.
 */
public record SubscriptionItem(
        String itemId,
        @Nullable String priceId,
        UsageType usageType,
        long quantity,
        UsdcAmount unitAmount,
        List<UsagePricing.Tier> tiers,
        @Nullable String meterId,
        @Nullable String eventName,
        @Nullable String aggregation,
        @Nullable String description) {

    public SubscriptionItem {
        tiers = List.copyOf(tiers);
        if (quantity < 0) {
            throw new IllegalArgumentException("item " + itemId + " has a negative quantity: " + quantity);
        }
        if (usageType == UsageType.METERED && (meterId == null || eventName == null || aggregation == null)) {
            throw new IllegalArgumentException(
                    "metered item " + itemId + " needs its meter, event name and aggregation");
        }
        if (!tiers.isEmpty()) {
            var invalid = UsagePricing.invalidTiers(tiers);
            if (usageType != UsageType.METERED || invalid != null) {
                throw new IllegalArgumentException(
                        "item " + itemId + " has tiers it cannot have: " + (invalid != null ? invalid : "licensed"));
            }
        }
    }

    public boolean isMetered() {
        return usageType == UsageType.METERED;
    }

    public boolean isTiered() {
        return !tiers.isEmpty();
    }

    /** What {@code quantity} units of this item's meter cost in a period, in micro-USDC ({@link UsagePricing}). */
    public long usageAmountMicros(long quantity) {
        return UsagePricing.amountMicros(quantity, unitAmount.micros(), tiers);
    }

    /**
     * The usage line of {@code quantity} units over {@code period}: the flat unit amount (0 with tiers, whose units
     * cost differently) and the amount priced by {@link UsagePricing}; described by the item's description or its
     * meter's event name, and as tiered when it is.
     */
    public InvoiceLine usageLine(long quantity, Period period) {
        var name = description != null && !description.isBlank() ? description : Objects.requireNonNull(eventName);
        var amount = UsdcAmount.ofMicros(usageAmountMicros(quantity));
        return new InvoiceLine(
                InvoiceLineKind.USAGE,
                isTiered() ? name + " (tiered)" : name,
                period,
                quantity,
                isTiered() ? UsdcAmount.ZERO : unitAmount,
                amount,
                false);
    }
}
