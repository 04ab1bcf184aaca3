package io.abk.billing.gateway.api.catalog;

import static io.abk.billing.gateway.controlplane.auth.ApiKeyFormat.modeText;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.db.ScopedTable;
import io.abk.billing.gateway.platform.db.SqlValues;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.avro.Mode;
import io.r2dbc.postgresql.codec.Json;
import java.time.Instant;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * SQL for {@code products} and {@code prices}. Every statement is scoped by merchant and mode, so another
 * tenant's or mode's row is simply not found. Transactions are the caller's.
 */
@Component
public class CatalogRepository {

    private static final String SCOPE = ScopedTable.MERCHANT_AND_MODE;

    private final DatabaseClient db;
    private final ScopedTable<Product> products;
    private final ScopedTable<Price> prices;

    public CatalogRepository(DatabaseClient db) {
        this.db = db;
        this.products = new ScopedTable<>(db, "products", Product.COLUMNS, SCOPE, Product::from);
        this.prices = new ScopedTable<>(db, "prices", Price.COLUMNS, SCOPE, Price::from);
    }

    /** Inserts the product; empty when a product with its id exists already (the request ran before). */
    public Mono<Product> insertProduct(Product p) {
        return db.sql("INSERT INTO products (" + Product.COLUMNS
                        + ") VALUES (:id, :merchantId, :mode, :name, :description,"
                        + " :active, :at, :at) ON CONFLICT (id) DO NOTHING RETURNING " + Product.COLUMNS)
                .bind("id", p.id())
                .bind("merchantId", p.merchantId())
                .bind("mode", modeText(p.mode()))
                .bind("name", p.name())
                .bind("description", SqlValues.nullable(p.description(), String.class))
                .bind("active", p.active())
                .bind("at", p.createdAt())
                .map(Product::from)
                .one();
    }

    /** Inserts the price; empty when a price with its id exists already (the request ran before). */
    public Mono<Price> insertPrice(Price p) {
        return db.sql("INSERT INTO prices (" + Price.COLUMNS + ") VALUES (:id, :merchantId, :mode, :productId, :amount,"
                        + " :interval, :trialDays, :active, :at, :at, :usageType, :meterId, :tiers)"
                        + " ON CONFLICT (id) DO NOTHING RETURNING " + Price.COLUMNS)
                .bind("id", p.id())
                .bind("merchantId", p.merchantId())
                .bind("mode", modeText(p.mode()))
                .bind("productId", p.productId())
                .bind("amount", p.amountMicros())
                .bind("interval", p.interval())
                .bind("trialDays", p.trialDays())
                .bind("active", p.active())
                .bind("at", p.createdAt())
                .bind("usageType", p.usageType())
                .bind("meterId", SqlValues.nullable(p.meterId(), String.class))
                .bind("tiers", SqlValues.nullable(PriceTiers.column(p.tiers()), Json.class))
                .map(Price::from)
                .one();
    }

    public Mono<Product> findProduct(String merchantId, Mode mode, String id, boolean forUpdate) {
        return products.find(merchantId, mode, id, forUpdate);
    }

    public Mono<Price> findPrice(String merchantId, Mode mode, String id, boolean forUpdate) {
        return prices.find(merchantId, mode, id, forUpdate);
    }

    /** A price with whether its product is active, for the command path's price lookup. */
    public Mono<CatalogPrice> findCatalogPrice(String merchantId, Mode mode, String id) {
        return db.sql("SELECT p.id, p.product_id, p.amount_micros, p.\"interval\", p.trial_days,"
                        + " p.active AND pr.active AS active, p.usage_type, p.meter_id, p.tiers"
                        + " FROM prices p JOIN products pr ON pr.id = p.product_id"
                        + " WHERE p.id = :id AND p.merchant_id = :merchantId AND p.mode = :mode")
                .bind("id", id)
                .bind("merchantId", merchantId)
                .bind("mode", modeText(mode))
                .map(row -> new CatalogPrice(
                        Columns.required(row, "id", String.class),
                        Columns.required(row, "product_id", String.class),
                        Columns.required(row, "amount_micros", Long.class),
                        Columns.required(row, "interval", String.class),
                        Columns.required(row, "trial_days", Integer.class),
                        Boolean.TRUE.equals(row.get("active", Boolean.class)),
                        Columns.required(row, "usage_type", String.class),
                        row.get("meter_id", String.class),
                        PriceTiers.of(row.get("tiers", Json.class))))
                .one();
    }

    /** Prices of the given products in creation order; only active ones when {@code activeOnly}. */
    public Flux<Price> pricesOf(String merchantId, Mode mode, List<String> productIds, boolean activeOnly) {
        if (productIds.isEmpty()) {
            return Flux.empty();
        }
        return prices.sql(
                        "SELECT " + Price.COLUMNS + " FROM prices WHERE product_id = ANY(:productIds) AND" + SCOPE
                                + (activeOnly ? " AND active" : "") + " ORDER BY id",
                        merchantId,
                        mode)
                .bind("productIds", productIds.toArray(String[]::new))
                .map(Price::from)
                .all();
    }

    /** Active products, newest first. */
    public Mono<Page<Product>> listActiveProducts(String merchantId, Mode mode, PageRequest page) {
        return products.newestFirst(merchantId, mode, " AND active", page);
    }

    public Mono<Product> updateProduct(Product p, Instant at) {
        return products.sql(
                        "UPDATE products SET name = :name, description = :description, active = :active,"
                                + " updated_at = :at WHERE id = :id AND" + SCOPE + " RETURNING " + Product.COLUMNS,
                        p.merchantId(),
                        p.mode())
                .bind("id", p.id())
                .bind("name", p.name())
                .bind("description", SqlValues.nullable(p.description(), String.class))
                .bind("active", p.active())
                .bind("at", at)
                .map(Product::from)
                .one();
    }

    public Mono<Price> setPriceActive(Price p, boolean active, Instant at) {
        return prices.sql(
                        "UPDATE prices SET active = :active, updated_at = :at WHERE id = :id AND" + SCOPE
                                + " RETURNING " + Price.COLUMNS,
                        p.merchantId(),
                        p.mode())
                .bind("id", p.id())
                .bind("active", active)
                .bind("at", at)
                .map(Price::from)
                .one();
    }
}
