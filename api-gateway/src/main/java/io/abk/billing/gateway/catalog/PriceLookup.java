package io.abk.billing.gateway.catalog;

import io.abk.billing.schemas.avro.Mode;
import reactor.core.publisher.Mono;

/** Finds a price of one merchant and mode; another merchant's or mode's price is not found (empty). */
public interface PriceLookup {

    Mono<CatalogPrice> find(String merchantId, Mode mode, String priceId);
}
