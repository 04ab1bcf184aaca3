package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import reactor.core.publisher.Mono;

/** Finds a price of one merchant and mode; another merchant's or mode's price is not found (empty). */
public interface PriceLookup {

    Mono<CatalogPrice> find(String merchantId, Mode mode, String priceId);

    /**
     * The active price a create names in its {@code priceId}: a malformed, unknown or foreign id is 400
     * {@code resource_missing}, an archived price 400 {@code price_inactive} ("... and cannot {@code <sale>}").
     */
    default Mono<CatalogPrice> findSellable(String merchantId, Mode mode, String priceId, String sale) {
        var missing =
                new ApiException(400, ErrorCodes.RESOURCE_MISSING, "No such price: '" + priceId + "'", "priceId", null);
        if (!Ids.isWellFormed(IdPrefix.PRICE, priceId)) {
            return Mono.error(missing);
        }
        return find(merchantId, mode, priceId)
                .switchIfEmpty(Mono.error(missing))
                .map(price -> {
                    if (!price.active()) {
                        throw new ApiException(
                                400,
                                ErrorCodes.PRICE_INACTIVE,
                                "Price '" + priceId + "' is archived (inactive) and cannot " + sale,
                                "priceId",
                                null);
                    }
                    return price;
                });
    }
}
