import type { ListCall } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { ChargeParams, InvoiceListParams, RefundParams, UpcomingInvoiceParams } from '../params.js';
import type { ChargeResult, Invoice, InvoicePreview } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/invoices: what each subscription period bills. */
export class Invoices extends Resource {
  list(params: InvoiceListParams = {}, options?: RequestOptions): ListCall<Invoice, InvoiceListParams> {
    return this.listCall('/v1/invoices', 'invoices', params, options);
  }

  retrieve(invoiceId: string, options?: RequestOptions): Promise<Invoice> {
    return this.request({ method: 'GET', path: `/v1/invoices/${id(invoiceId)}` }, options);
  }

  /** The subscription's next invoice as it would be made, with a proposed change applied as of now. */
  upcoming(params: UpcomingInvoiceParams, options?: RequestOptions): Promise<InvoicePreview> {
    return this.request({ method: 'GET', path: '/v1/invoices/upcoming', query: { ...params } }, options);
  }

  /** Charges an open invoice now through the subscription's mandate. */
  charge(invoiceId: string, params: ChargeParams = {}, options?: RequestOptions): Promise<ChargeResult> {
    return this.request({ method: 'POST', path: `/v1/invoices/${id(invoiceId)}/charge`, body: params }, options);
  }

  /** Refunds a paid invoice, in whole or (with `amountUsdc`) in part. */
  refund(invoiceId: string, params: RefundParams = {}, options?: RequestOptions): Promise<Invoice> {
    return this.unwrap('invoice', { method: 'POST', path: `/v1/invoices/${id(invoiceId)}/refund`, body: params }, options);
  }

  void(invoiceId: string, options?: RequestOptions): Promise<Invoice> {
    return this.unwrap('invoice', { method: 'POST', path: `/v1/invoices/${id(invoiceId)}/void`, body: {} }, options);
  }
}
