package io.abk.billing.gateway.api.catalog;

import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@link PriceLookup} over the catalog tables. {@link CatalogPrice#active()} is true only when the price and
 * its product are both active: an archived product's prices are not for sale.
 */
@Component
public class DbPriceLookup implements PriceLookup {

    private final CatalogRepository catalog;

    public DbPriceLookup(CatalogRepository catalog) {
        this.catalog = catalog;
    }

    @Override
    public Mono<CatalogPrice> find(String merchantId, Mode mode, String priceId) {
        return Ids.isWellFormed(IdPrefix.PRICE, priceId)
                ? catalog.findCatalogPrice(merchantId, mode, priceId)
                : Mono.empty();
    }
}
