package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.PriceTierPart;
import io.abk.billing.schemas.avro.SubscriptionItemPart;
import io.abk.billing.schemas.money.UsagePricing;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.Interval;
import io.abk.billing.streams.subscription.domain.Plan;
import io.abk.billing.streams.subscription.domain.SubscriptionItem;
import io.abk.billing.streams.subscription.domain.UsageType;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A subscription's items to and from their Avro part ({@link SubscriptionItemPart}), the same on
 * {@code CreateSubscription} and on the subscription's snapshot, and the plan they belong to.
 */
final class SubscriptionItemMapper {

    private SubscriptionItemMapper() {}

    /** The plan of {@code amountMicros} per {@code interval} made of {@code items}, capped when metered. */
    static Plan plan(
            long amountMicros,
            String interval,
            @Nullable String priceId,
            @Nullable String planId,
            List<SubscriptionItemPart> items,
            @Nullable Long maxAmountPerPeriodMicros) {
        return new Plan(
                UsdcAmount.ofMicros(amountMicros),
                Interval.fromApiName(interval),
                priceId,
                planId,
                items.stream().map(SubscriptionItemMapper::item).toList(),
                maxAmountPerPeriodMicros == null ? null : UsdcAmount.ofMicros(maxAmountPerPeriodMicros));
    }

    static SubscriptionItem item(SubscriptionItemPart part) {
        return new SubscriptionItem(
                part.getItemId(),
                part.getPriceId(),
                UsageType.fromApiName(part.getUsageType()),
                part.getQuantity(),
                UsdcAmount.ofMicros(part.getUnitAmountMicros()),
                part.getTiers().stream()
                        .map(tier -> new UsagePricing.Tier(
                                tier.getUpTo(), tier.getUnitAmountMicros(), tier.getFlatAmountMicros()))
                        .toList(),
                part.getMeterId(),
                part.getEventName(),
                part.getAggregation(),
                part.getDescription());
    }

    static SubscriptionItemPart part(SubscriptionItem item) {
        return SubscriptionItemPart.newBuilder()
                .setItemId(item.itemId())
                .setPriceId(item.priceId())
                .setUsageType(item.usageType().apiName())
                .setQuantity(item.quantity())
                .setUnitAmountMicros(item.unitAmount().micros())
                .setTiers(item.tiers().stream()
                        .map(tier -> PriceTierPart.newBuilder()
                                .setUpTo(tier.upTo())
                                .setUnitAmountMicros(tier.unitAmountMicros())
                                .setFlatAmountMicros(tier.flatAmountMicros())
                                .build())
                        .toList())
                .setMeterId(item.meterId())
                .setEventName(item.eventName())
                .setAggregation(item.aggregation())
                .setDescription(item.description())
                .build();
    }
}
