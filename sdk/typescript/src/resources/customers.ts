import type { ListCall } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { CustomerCreateParams, CustomerListParams, CustomerUpdateParams } from '../params.js';
import type { Customer } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/customers: one customer per wallet within the key's merchant and mode. */
export class Customers extends Resource {
  /** Creates the customer of a wallet; a wallet that already has one is 409 `customer_exists`. */
  create(params: CustomerCreateParams, options?: RequestOptions): Promise<Customer> {
    return this.unwrap('customer', { method: 'POST', path: '/v1/customers', body: params }, options);
  }

  /** Newest first; `wallet` matches in any case, `email` exactly in any case. */
  list(params: CustomerListParams = {}, options?: RequestOptions): ListCall<Customer, CustomerListParams> {
    return this.listCall('/v1/customers', 'customers', params, options);
  }

  retrieve(customerId: string, options?: RequestOptions): Promise<Customer> {
    return this.unwrap('customer', { method: 'GET', path: `/v1/customers/${id(customerId)}` }, options);
  }

  /** `email` or `name` null (or `''`) clears it; metadata merges key by key, `''` removing a key. */
  update(customerId: string, params: CustomerUpdateParams, options?: RequestOptions): Promise<Customer> {
    return this.unwrap('customer', { method: 'PATCH', path: `/v1/customers/${id(customerId)}`, body: params }, options);
  }
}
