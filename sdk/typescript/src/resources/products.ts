import type { ListCall, ListParams } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { PriceCreateParams, PriceUpdateParams, ProductCreateParams, ProductUpdateParams } from '../params.js';
import type { Price, Product } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/products: the catalog, each product with its prices. */
export class Products extends Resource {
  create(params: ProductCreateParams, options?: RequestOptions): Promise<Product> {
    return this.unwrap('product', { method: 'POST', path: '/v1/products', body: params }, options);
  }

  list(params: ListParams = {}, options?: RequestOptions): ListCall<Product, ListParams> {
    return this.listCall('/v1/products', 'products', params, options);
  }

  retrieve(productId: string, options?: RequestOptions): Promise<Product> {
    return this.unwrap('product', { method: 'GET', path: `/v1/products/${id(productId)}` }, options);
  }

  update(productId: string, params: ProductUpdateParams, options?: RequestOptions): Promise<Product> {
    return this.unwrap('product', { method: 'PATCH', path: `/v1/products/${id(productId)}`, body: params }, options);
  }

  /** Adds a price to the product. */
  createPrice(productId: string, params: PriceCreateParams, options?: RequestOptions): Promise<Price> {
    return this.unwrap('price', { method: 'POST', path: `/v1/products/${id(productId)}/prices`, body: params }, options);
  }
}

/** /v1/prices: a price is created under its product; here it is archived or restored. */
export class Prices extends Resource {
  update(priceId: string, params: PriceUpdateParams, options?: RequestOptions): Promise<Price> {
    return this.unwrap('price', { method: 'PATCH', path: `/v1/prices/${id(priceId)}`, body: params }, options);
  }
}
