package io.abk.billing.gateway.api.usage;

import io.abk.billing.gateway.api.meter.Meter;
import io.abk.billing.gateway.api.meter.MeterService;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.money.UsagePricing;
import io.abk.billing.schemas.money.UsagePricing.Tier;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.schemas.render.ApiJson;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A subscription's usage in its open period as {@code GET /v1/subscriptions/{id}/usage} answers it (and the
 * dashboard's subscription page shows it): one line per metered item with its quantity, event count and amount so far
 * ({@link UsagePricing}, as its invoice will price it). Before the usage processor summarised anything, the current
 * period with zeros and {@code asOf} null. Reads within the caller's merchant and mode only.
 */
@Service
public class SubscriptionUsageService {

    private final SubscriptionUsageRepository usage;
    private final MeterService meters;

    public SubscriptionUsageService(SubscriptionUsageRepository usage, MeterService meters) {
        this.usage = usage;
        this.meters = meters;
    }

    /** The usage of the caller's subscription {@code id}, {@code subscription} as the read model shows it. */
    public Mono<Map<String, @Nullable Object>> of(Caller caller, String id, JsonNode subscription) {
        return usage.find(caller, id)
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .zipWith(meters.eventNames(caller))
                .map(found -> body(id, subscription, found.getT1().orElse(null), found.getT2()));
    }

    private static Map<String, @Nullable Object> body(
            String id,
            JsonNode subscription,
            SubscriptionUsageRepository.@Nullable Row row,
            Map<String, Meter> meters) {
        var meterEvents = new HashMap<String, String>();
        meters.values().forEach(meter -> meterEvents.put(meter.id(), meter.eventName()));
        var counted = new HashMap<String, JsonNode>();
        if (row != null) {
            row.items().forEach(item -> counted.put(item.path("itemId").asString(), item));
        }
        var items = new ArrayList<Map<String, @Nullable Object>>();
        for (var item : subscription.path("items")) {
            if (!"metered".equals(item.path("usageType").asString())) {
                continue;
            }
            var itemId = item.path("id").asString();
            var count = counted.get(itemId);
            long quantity = count == null ? 0 : count.path("quantity").asLong();
            long eventCount = count == null ? 0 : count.path("eventCount").asLong();
            var meterId = item.path("meterId").asString();
            var line = new LinkedHashMap<String, @Nullable Object>();
            line.put("itemId", itemId);
            line.put("priceId", text(item.get("priceId")));
            line.put("meterId", meterId);
            line.put("eventName", meterEvents.get(meterId));
            line.put("quantity", quantity);
            line.put("eventCount", eventCount);
            line.put(
                    "amountUsdc",
                    ApiJson.amount(
                            UsagePricing.amountMicros(quantity, micros(item.get("unitAmountUsdc")), tiers(item))));
            items.add(line);
        }
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("object", "subscription_usage");
        body.put("subscriptionId", id);
        body.put(
                "periodStart",
                row != null ? ApiJson.timestamp(row.periodStart()) : text(subscription.get("currentPeriodStart")));
        body.put(
                "periodEnd",
                row != null ? ApiJson.timestamp(row.periodEnd()) : text(subscription.get("currentPeriodEnd")));
        body.put("asOf", row != null ? ApiJson.timestamp(row.asOf()) : null);
        body.put("items", items);
        return body;
    }

    /** A subscription item's tiers, from its JSON (amounts as exact decimals). */
    private static List<Tier> tiers(JsonNode item) {
        var tiers = new ArrayList<Tier>();
        for (var tier : item.path("tiers")) {
            var upTo = tier.get("upTo");
            tiers.add(new Tier(
                    upTo == null || upTo.isNull() ? null : upTo.asLong(),
                    micros(tier.get("unitAmountUsdc")),
                    micros(tier.get("flatAmountUsdc"))));
        }
        return tiers;
    }

    /** The micro-USDC of an amount the read model's JSON holds (an exact decimal number), 0 when absent. */
    private static long micros(@Nullable JsonNode amount) {
        if (amount == null || amount.isNull()) {
            return 0;
        }
        return UsdcAmount.parseNonNegative(new BigDecimal(amount.toString())).micros();
    }

    private static @Nullable String text(@Nullable JsonNode node) {
        return node == null || node.isNull() ? null : node.asString();
    }
}
