package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.api.CallerAudit;
import io.abk.billing.gateway.api.meter.MeterRepository;
import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.audit.AuditChanges;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.IdLookup;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The merchant's catalog, scoped by the caller's merchant and mode. Each write and its audit entry (actor:
 * the API key id) commit together. A create that carries an Idempotency-Key ({@link CommandIdentity}) mints the
 * ids of its rows from it and inserts them only if absent: run again (a retry that took over the key's expired
 * lease after the first gateway died), it answers with the rows the first run stored and creates nothing.
 */
@Service
public class CatalogService {

    /** A product with the prices to show with it. */
    public record ProductView(Product product, List<Price> prices) {}

    private final CatalogRepository catalog;
    private final MeterRepository meters;
    private final CallerAudit audit;
    private final IdGenerator ids;
    private final TransactionalOperator tx;
    private final Clock clock;

    public CatalogService(
            CatalogRepository catalog,
            MeterRepository meters,
            CallerAudit audit,
            IdGenerator ids,
            TransactionalOperator tx,
            Clock clock) {
        this.catalog = catalog;
        this.meters = meters;
        this.audit = audit;
        this.ids = ids;
        this.tx = tx;
        this.clock = clock;
    }

    public Mono<ProductView> createProduct(Caller caller, ProductRequest request, @Nullable CommandIdentity identity) {
        var now = Now.of(clock);
        var newIds = ids.forRequest(identity);
        var product = new Product(
                newIds.next(IdPrefix.PRODUCT),
                caller.merchantId(),
                caller.mode(),
                request.name(),
                request.description(),
                true,
                now,
                now);
        return catalog.insertProduct(product)
                .flatMap(created -> Flux.fromIterable(request.prices())
                        .concatMap(price -> insertPrice(caller, created.id(), price, newIds.next(IdPrefix.PRICE), now))
                        .collectList()
                        .flatMap(prices -> audit.record(
                                        caller,
                                        now,
                                        "product.created",
                                        "product",
                                        created.id(),
                                        Map.of(
                                                "name",
                                                created.name(),
                                                "priceIds",
                                                prices.stream().map(Price::id).toList()))
                                .thenReturn(new ProductView(created, prices))))
                // Stored by an earlier run of this request, prices included (one transaction): answer with it.
                .switchIfEmpty(Mono.defer(() -> getProduct(caller, product.id())))
                .as(tx::transactional);
    }

    public Mono<Price> createPrice(
            Caller caller, String productId, PriceRequest request, @Nullable CommandIdentity identity) {
        var now = Now.of(clock);
        var priceId = ids.forRequest(identity).next(IdPrefix.PRICE);
        return product(caller, productId, true)
                .flatMap(product -> insertPrice(caller, product.id(), request, priceId, now)
                        // Stored by an earlier run of this request: answer with it.
                        .switchIfEmpty(Mono.defer(
                                () -> catalog.findPrice(caller.merchantId(), caller.mode(), priceId, false))))
                .as(tx::transactional);
    }

    public Mono<ProductView> updateProduct(Caller caller, String productId, ProductPatch patch) {
        var now = Now.of(clock);
        return product(caller, productId, true)
                .flatMap(current -> {
                    var next = new Product(
                            current.id(),
                            current.merchantId(),
                            current.mode(),
                            Objects.requireNonNull(patch.name().applyTo(current.name())),
                            patch.description().applyTo(current.description()),
                            Objects.requireNonNull(patch.active().applyTo(current.active())),
                            current.createdAt(),
                            now);
                    var changed = changes(current, next);
                    if (changed.isEmpty()) {
                        return Mono.just(current);
                    }
                    return catalog.updateProduct(next, now)
                            .flatMap(updated -> audit.record(
                                            caller, now, "product.updated", "product", updated.id(), changed)
                                    .thenReturn(updated));
                })
                .flatMap(product -> withPrices(caller, product, false))
                .as(tx::transactional);
    }

    public Mono<Price> setPriceActive(Caller caller, String priceId, boolean active) {
        var now = Now.of(clock);
        return IdLookup.find(
                        IdPrefix.PRICE,
                        "price",
                        priceId,
                        id -> catalog.findPrice(caller.merchantId(), caller.mode(), id, true))
                .flatMap(price -> price.active() == active
                        ? Mono.just(price)
                        : catalog.setPriceActive(price, active, now)
                                .flatMap(updated -> audit.record(
                                                caller,
                                                now,
                                                "price.updated",
                                                "price",
                                                updated.id(),
                                                Map.of("active", active))
                                        .thenReturn(updated)))
                .as(tx::transactional);
    }

    /** One product with all its prices (active or not). */
    public Mono<ProductView> getProduct(Caller caller, String productId) {
        return product(caller, productId, false).flatMap(product -> withPrices(caller, product, false));
    }

    /** Active products with their active prices, newest first ({@code GET /v1/products}). */
    public Mono<Page<ProductView>> listActive(Caller caller, PageRequest page) {
        return catalog.listActiveProducts(caller.merchantId(), caller.mode(), page)
                .flatMap(products -> {
                    var productIds = products.items().stream().map(Product::id).toList();
                    return catalog.pricesOf(caller.merchantId(), caller.mode(), productIds, true)
                            .collect(Collectors.groupingBy(Price::productId))
                            .map(byProduct ->
                                    products.map(p -> new ProductView(p, byProduct.getOrDefault(p.id(), List.of()))));
                });
    }

    /**
     * Inserts the price with its audit entry; empty (and nothing audited) when the price exists already. A metered
     * price's meter must be an active meter of the caller's (400 {@code meter_not_found}, {@code meter_inactive}).
     */
    private Mono<Price> insertPrice(
            Caller caller, String productId, PriceRequest request, String priceId, Instant now) {
        var price = new Price(
                priceId,
                caller.merchantId(),
                caller.mode(),
                productId,
                request.amount().micros(),
                request.interval(),
                request.trialDays(),
                true,
                now,
                now,
                request.usageType(),
                request.meterId(),
                request.tiers());
        var details = new LinkedHashMap<String, Object>();
        details.put("productId", productId);
        details.put("amountMicros", price.amountMicros());
        details.put("interval", price.interval());
        details.put("trialDays", price.trialDays());
        if (request.meterId() != null) {
            details.put("usageType", price.usageType());
            details.put("meterId", request.meterId());
        }
        return meterOf(caller, request)
                .then(catalog.insertPrice(price))
                .flatMap(created -> audit.record(caller, now, "price.created", "price", created.id(), details)
                        .thenReturn(created));
    }

    /** Completes when the request is licensed or names an active meter of the caller's; else the 400. */
    private Mono<Void> meterOf(Caller caller, PriceRequest request) {
        var meterId = request.meterId();
        if (meterId == null) {
            return Mono.empty();
        }
        var missing =
                new ApiException(400, ErrorCodes.METER_NOT_FOUND, "No such meter: '" + meterId + "'", "meterId", null);
        if (!Ids.isWellFormed(IdPrefix.METER, meterId)) {
            return Mono.error(missing);
        }
        return meters.find(caller.merchantId(), caller.mode(), meterId, false)
                .switchIfEmpty(Mono.error(missing))
                .flatMap(meter -> meter.active()
                        ? Mono.<Void>empty()
                        : Mono.error(new ApiException(
                                400,
                                ErrorCodes.METER_INACTIVE,
                                "Meter '" + meterId + "' is inactive: a new price cannot use it",
                                "meterId",
                                null)));
    }

    private Mono<Product> product(Caller caller, String productId, boolean forUpdate) {
        return IdLookup.find(
                IdPrefix.PRODUCT,
                "product",
                productId,
                id -> catalog.findProduct(caller.merchantId(), caller.mode(), id, forUpdate));
    }

    private Mono<ProductView> withPrices(Caller caller, Product product, boolean activeOnly) {
        return catalog.pricesOf(caller.merchantId(), caller.mode(), List.of(product.id()), activeOnly)
                .collectList()
                .map(prices -> new ProductView(product, prices));
    }

    private static Map<String, @Nullable Object> changes(Product before, Product after) {
        return new AuditChanges()
                .field("name", before.name(), after.name())
                .field("description", before.description(), after.description())
                .field("active", before.active(), after.active())
                .asMap();
    }
}
