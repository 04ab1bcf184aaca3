package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A validated {@code POST /v1/products} body: {@code {name, description?, prices?: [...]}}. */
public record ProductRequest(String name, @Nullable String description, List<PriceRequest> prices) {

    static final int MAX_NAME_LENGTH = 200;
    static final int MAX_DESCRIPTION_LENGTH = 1000;
    /** Prices given with a new product; more can be added one by one. */
    static final int MAX_PRICES = 20;

    public static ProductRequest parse(RequestFields fields) {
        var name = fields.optionalString("name", MAX_NAME_LENGTH)
                .orElseThrow(() -> ApiException.invalid("name", "name is required"));
        var description =
                fields.optionalString("description", MAX_DESCRIPTION_LENGTH).orElse(null);
        var prices = fields.optionalObjectList("prices", MAX_PRICES).stream()
                .map(PriceRequest::parse)
                .toList();
        return new ProductRequest(name, description, prices);
    }
}
