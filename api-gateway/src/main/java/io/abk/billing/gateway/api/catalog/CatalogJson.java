package io.abk.billing.gateway.api.catalog;

import io.abk.billing.schemas.render.ApiJson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Products and prices as the API shows them; amounts are exact JSON numbers ({@code 9.99}, {@code 10}). */
public final class CatalogJson {

    private CatalogJson() {}

    public static Map<String, @Nullable Object> product(Product p, List<Price> prices) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", p.id());
        json.put("name", p.name());
        json.put("description", p.description());
        json.put("active", p.active());
        json.put("prices", prices.stream().map(CatalogJson::price).toList());
        json.put("mode", ApiJson.mode(p.mode()));
        json.put("createdAt", ApiJson.timestamp(p.createdAt()));
        return json;
    }

    public static Map<String, @Nullable Object> price(Price p) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", p.id());
        json.put("productId", p.productId());
        // A metered price's is its unit amount (as unitAmountUsdc), null with tiers.
        json.put("amountUsdc", p.tiers() == null ? ApiJson.amount(p.amountMicros()) : null);
        json.put("interval", p.interval());
        json.put("trialDays", p.trialDays());
        json.put("usageType", p.usageType());
        json.put("meterId", p.meterId());
        boolean metered = p.meterId() != null;
        json.put("unitAmountUsdc", metered && p.tiers() == null ? ApiJson.amount(p.amountMicros()) : null);
        json.put("tiers", PriceTiers.json(p.tiers()));
        json.put("active", p.active());
        json.put("mode", ApiJson.mode(p.mode()));
        json.put("createdAt", ApiJson.timestamp(p.createdAt()));
        return json;
    }
}
