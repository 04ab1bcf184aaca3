import type { ListCall } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { PaymentCreateParams, PaymentListParams } from '../params.js';
import type { CreatedPayment, Payment } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/payments: one-time payments through a hosted checkout page. */
export class Payments extends Resource {
  create(params: PaymentCreateParams, options?: RequestOptions): Promise<CreatedPayment> {
    return this.request({ method: 'POST', path: '/v1/payments', body: params }, options);
  }

  list(params: PaymentListParams = {}, options?: RequestOptions): ListCall<Payment, PaymentListParams> {
    return this.listCall('/v1/payments', 'payments', params, options);
  }

  retrieve(paymentId: string, options?: RequestOptions): Promise<Payment> {
    return this.unwrap('payment', { method: 'GET', path: `/v1/payments/${id(paymentId)}` }, options);
  }
}
