package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.Price;
import io.abk.billing.client.model.Product;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.PriceCreateParams;
import io.abk.billing.client.param.ProductCreateParams;
import io.abk.billing.client.param.ProductUpdateParams;

/** Products and their prices, the catalog subscriptions and payments are made from. */
public final class ProductService {

    private final Transport transport;

    public ProductService(Transport transport) {
        this.transport = transport;
    }

    /** Creates a product, with prices if given. */
    public Product create(ProductCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(ProductCreateParams)}; with this call's options. */
    @Operation("createProduct")
    public Product create(ProductCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/products", params, options, "product", Product.class);
    }

    /** One page of products, newest first. */
    public Page<Product> list(ListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(ListParams)}; with this call's options. */
    @Operation("listProducts")
    public Page<Product> list(ListParams params, RequestOptions options) {
        return transport.page("/v1/products", params, options, "products", Product.class, Product::id);
    }

    /** The product {@code id} with its prices. */
    public Product retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getProduct")
    public Product retrieve(String id, RequestOptions options) {
        return transport.call("GET", "/v1/products/" + Transport.segment(id), null, options, "product", Product.class);
    }

    /** Renames, describes, archives or restores the product. */
    public Product update(String id, ProductUpdateParams params) {
        return update(id, params, RequestOptions.NONE);
    }

    /** See {@link #update(String, ProductUpdateParams)}; with this call's options. */
    @Operation("updateProduct")
    public Product update(String id, ProductUpdateParams params, RequestOptions options) {
        return transport.call(
                "PATCH", "/v1/products/" + Transport.segment(id), params, options, "product", Product.class);
    }

    /** Adds a price to the product. */
    public Price createPrice(String productId, PriceCreateParams params) {
        return createPrice(productId, params, RequestOptions.NONE);
    }

    /** See {@link #createPrice(String, PriceCreateParams)}; with this call's options. */
    @Operation("createPrice")
    public Price createPrice(String productId, PriceCreateParams params, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/products/" + Transport.segment(productId) + "/prices",
                params,
                options,
                "price",
                Price.class);
    }
}
