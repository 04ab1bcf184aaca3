import type { ListCall } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { PaymentLinkCreateParams, PaymentLinkListParams } from '../params.js';
import type { PaymentLink, PaymentLinkWithUrl } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/payment-links: a reusable address that opens a payment per visit. */
export class PaymentLinks extends Resource {
  create(params: PaymentLinkCreateParams, options?: RequestOptions): Promise<PaymentLinkWithUrl> {
    return this.request({ method: 'POST', path: '/v1/payment-links', body: params }, options);
  }

  list(params: PaymentLinkListParams = {}, options?: RequestOptions): ListCall<PaymentLink, PaymentLinkListParams> {
    return this.listCall('/v1/payment-links', 'paymentLinks', params, options);
  }

  retrieve(paymentLinkId: string, options?: RequestOptions): Promise<PaymentLinkWithUrl> {
    return this.request({ method: 'GET', path: `/v1/payment-links/${id(paymentLinkId)}` }, options);
  }

  disable(paymentLinkId: string, options?: RequestOptions): Promise<PaymentLinkWithUrl> {
    return this.request({ method: 'POST', path: `/v1/payment-links/${id(paymentLinkId)}/disable`, body: {} }, options);
  }
}
