package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.catalog.CatalogService;
import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.api.meter.MeterService;
import io.abk.billing.gateway.api.usage.SubscriptionUsageService;
import io.abk.billing.gateway.platform.web.ApiException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A subscription's items as its detail page shows them: each item's product, licensed or metered, quantity, unit amount
 * (or {@code tiered}) and meter, the maximum charged per period, and the usage of its open period as
 * {@code GET /v1/subscriptions/{id}/usage} answers it ({@link SubscriptionUsageService}). A subscription without items
 * has none of it ({@code hasItems} false).
 */
@Component
final class SubscriptionItems {

    private final SubscriptionUsageService usage;
    private final MeterService meters;
    private final PriceLookup prices;
    private final CatalogService catalog;

    SubscriptionItems(SubscriptionUsageService usage, MeterService meters, PriceLookup prices, CatalogService catalog) {
        this.usage = usage;
        this.meters = meters;
        this.prices = prices;
        this.catalog = catalog;
    }

    /**
     * The page's {@code hasItems}, {@code items}, {@code maxPerPeriod} (empty without), {@code hasUsage} (a metered
     * item), {@code usageItems}, {@code usagePeriod} and {@code usageAsOf} (empty before anything was counted).
     */
    Mono<Map<String, Object>> of(DashboardSession session, String id, JsonNode s) {
        var model = new HashMap<String, Object>();
        // Every name is set: the templates refuse a missing one.
        model.put("hasItems", false);
        model.put("items", List.of());
        model.put("maxPerPeriod", "");
        model.put("hasUsage", false);
        model.put("usageItems", List.of());
        model.put("usagePeriod", "");
        model.put("usageAsOf", "");
        var items = s.path("items");
        if (!items.isArray() || items.isEmpty()) {
            return Mono.just(model);
        }
        var caller = session.caller();
        var interval = s.path("interval").asString();
        var hasUsage = StreamSupport.stream(items.spliterator(), false).anyMatch(MeteredPrices::metered);
        Mono<Map<String, @Nullable Object>> counted =
                hasUsage ? usage.of(caller, id, s) : Mono.just(Map.<String, @Nullable Object>of());
        return Mono.zip(meters.eventNames(caller).map(MeteredPrices::eventNamesById), names(session, items), counted)
                .map(found -> {
                    var eventNames = found.getT1();
                    var names = found.getT2();
                    var rows = new ArrayList<Map<String, Object>>();
                    for (var item : items) {
                        rows.add(row(item, eventNames, names));
                    }
                    model.put("hasItems", true);
                    model.put("items", rows);
                    var max = s.path("maxAmountPerPeriodUsdc");
                    if (max.isNumber()) {
                        model.put("maxPerPeriod", "up to " + Shown.usdc(max.decimalValue()) + " per " + interval);
                    }
                    if (hasUsage) {
                        usage(model, found.getT3());
                    }
                    return model;
                });
    }

    private static Map<String, Object> row(JsonNode item, Map<String, String> eventNames, Map<String, String> names) {
        var metered = MeteredPrices.metered(item);
        var priceId = item.path("priceId").asString();
        var meterId = item.path("meterId").asString();
        var eventName = metered ? eventNames.getOrDefault(meterId, meterId) : "";
        var row = new HashMap<String, Object>();
        row.put("id", item.path("id").asString());
        row.put("priceId", priceId);
        row.put("product", names.getOrDefault(priceId, priceId));
        row.put("usageType", metered ? "metered" : "licensed");
        row.put("quantity", metered ? "by usage" : Shown.text(item, "quantity"));
        row.put("unit", metered ? MeteredPrices.unit(item) : Shown.usdc(item, "unitAmountUsdc"));
        row.put("eventName", eventName);
        return row;
    }

    /** The usage's period, as-of time and a row per metered item. */
    private static void usage(Map<String, Object> model, Map<String, @Nullable Object> counted) {
        model.put("hasUsage", true);
        model.put("usagePeriod", time(counted.get("periodStart")) + " to " + time(counted.get("periodEnd")));
        var asOf = counted.get("asOf");
        model.put("usageAsOf", asOf == null ? "" : time(asOf));
        var rows = new ArrayList<Map<String, Object>>();
        if (counted.get("items") instanceof List<?> lines) {
            for (var line : lines) {
                if (line instanceof Map<?, ?> counts) {
                    var row = new HashMap<String, Object>();
                    row.put("itemId", String.valueOf(counts.get("itemId")));
                    row.put("eventName", counts.get("eventName") == null ? Shown.NONE : counts.get("eventName"));
                    row.put("quantity", count(counts.get("quantity")));
                    row.put("eventCount", count(counts.get("eventCount")));
                    row.put(
                            "amount",
                            counts.get("amountUsdc") instanceof BigDecimal amount ? Shown.usdc(amount) : Shown.NONE);
                    rows.add(row);
                }
            }
        }
        model.put("usageItems", rows);
    }

    /** A count as {@code 12,345}. */
    private static String count(@Nullable Object count) {
        return count instanceof Long value ? String.format(Locale.ENGLISH, "%,d", value) : Shown.NONE;
    }

    private static String time(@Nullable Object timestamp) {
        return timestamp == null ? Shown.NONE : Shown.time(Instant.parse(timestamp.toString()));
    }

    /** The product name of each item's price, by price id (the price's id when it cannot be read). */
    private Mono<Map<String, String>> names(DashboardSession session, JsonNode items) {
        var caller = session.caller();
        var priceIds = new ArrayList<String>();
        items.forEach(item -> priceIds.add(item.path("priceId").asString()));
        return Flux.fromIterable(priceIds)
                .distinct()
                .concatMap(priceId -> prices.find(caller.merchantId(), caller.mode(), priceId)
                        .flatMap(price -> catalog.getProduct(caller, price.productId()))
                        .map(view -> Map.entry(priceId, view.product().name()))
                        .onErrorResume(ApiException.class, refused -> Mono.empty()))
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }
}
