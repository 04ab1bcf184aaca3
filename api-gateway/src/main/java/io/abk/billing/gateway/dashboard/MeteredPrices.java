package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.meter.Meter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * How the pages say a metered price (a catalog price or a subscription's item: {@code unitAmountUsdc} or graduated
 * {@code tiers}): {@code 0.002 USDC per unit of api_calls, metered monthly}, or
 * {@code tiered: first 1,000 free, then 0.002 USDC per unit of api_calls, metered monthly}.
 */
final class MeteredPrices {

    private MeteredPrices() {}

    /** Whether the price or item is metered. */
    static boolean metered(JsonNode priceOrItem) {
        return "metered".equals(priceOrItem.path("usageType").asString());
    }

    /** The meters of a mode by id, from their event names ({@code MeterService.eventNames}). */
    static Map<String, String> eventNamesById(Map<String, Meter> byEventName) {
        var byId = new HashMap<String, String>();
        byEventName.forEach((eventName, meter) -> byId.put(meter.id(), eventName));
        return byId;
    }

    /**
     * The whole sentence of a metered price billed every {@code interval}, of the meter whose events are named
     * {@code eventName} (its id when the meter is unknown).
     */
    static String text(JsonNode priceOrItem, String interval, String eventName) {
        var per = " per unit of " + eventName + ", metered " + adverb(interval);
        var tiers = priceOrItem.path("tiers");
        if (tiers.isArray() && !tiers.isEmpty()) {
            return "tiered: " + tiers(tiers) + per;
        }
        return Shown.usdc(priceOrItem, "unitAmountUsdc") + per;
    }

    /** The unit amount column of an item: the amount per unit, or {@code tiered}. */
    static String unit(JsonNode priceOrItem) {
        var tiers = priceOrItem.path("tiers");
        return tiers.isArray() && !tiers.isEmpty() ? "tiered" : Shown.usdc(priceOrItem, "unitAmountUsdc");
    }

    /** {@code first 1,000 free, next 9,000 at 0.001 USDC, then 0.0005 USDC + 2.00 USDC flat}. */
    private static String tiers(JsonNode tiers) {
        var parts = new ArrayList<String>();
        long from = 0;
        for (var tier : tiers) {
            var upTo = tier.get("upTo");
            var price = price(tier);
            if (upTo == null || upTo.isNull()) {
                parts.add((parts.isEmpty() ? "every unit " : "then ") + price);
                break;
            }
            var units = String.format(Locale.ENGLISH, "%,d", upTo.asLong() - from);
            parts.add((parts.isEmpty() ? "first " : "next ") + units + ("free".equals(price) ? " " : " at ") + price);
            from = upTo.asLong();
        }
        return String.join(", ", parts);
    }

    /** A tier's price: {@code free}, {@code 0.002 USDC}, {@code 2.00 USDC flat} or both. */
    private static String price(JsonNode tier) {
        var unit = amount(tier.get("unitAmountUsdc"));
        var flat = amount(tier.get("flatAmountUsdc"));
        if (unit.signum() == 0 && flat.signum() == 0) {
            return "free";
        }
        if (flat.signum() == 0) {
            return Shown.usdc(unit);
        }
        return unit.signum() == 0 ? Shown.usdc(flat) + " flat" : Shown.usdc(unit) + " + " + Shown.usdc(flat) + " flat";
    }

    private static BigDecimal amount(@Nullable JsonNode node) {
        return node == null || !node.isNumber() ? BigDecimal.ZERO : node.decimalValue();
    }

    /** {@code monthly}, {@code yearly}, else {@code every <interval>}. */
    static String adverb(String interval) {
        return switch (interval) {
            case "month" -> "monthly";
            case "year" -> "yearly";
            default -> "every " + interval;
        };
    }
}
