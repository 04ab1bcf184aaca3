import type { ListCall } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { CancelParams, MandateParams, SubscriptionCreateParams, SubscriptionListParams, SubscriptionUpdateParams } from '../params.js';
import type { Activation, CreatedSubscription, Subscription, SubscriptionMandate, SubscriptionUsage } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/subscriptions: recurring charges from a customer's wallet. */
export class Subscriptions extends Resource {
  /** Creates an incomplete subscription, its first invoice and the checkout page where the customer pays it. */
  create(params: SubscriptionCreateParams, options?: RequestOptions): Promise<CreatedSubscription> {
    return this.request({ method: 'POST', path: '/v1/subscriptions', body: params }, options);
  }

  list(params: SubscriptionListParams = {}, options?: RequestOptions): ListCall<Subscription, SubscriptionListParams> {
    return this.listCall('/v1/subscriptions', 'subscriptions', params, options);
  }

  retrieve(subscriptionId: string, options?: RequestOptions): Promise<Subscription> {
    return this.request({ method: 'GET', path: `/v1/subscriptions/${id(subscriptionId)}` }, options);
  }

  update(subscriptionId: string, params: SubscriptionUpdateParams, options?: RequestOptions): Promise<Subscription> {
    return this.unwrap('subscription', { method: 'PATCH', path: `/v1/subscriptions/${id(subscriptionId)}`, body: params }, options);
  }

  /** The on-chain mandate: allowance, balance, periods covered. */
  mandate(subscriptionId: string, options?: RequestOptions): Promise<SubscriptionMandate> {
    return this.request({ method: 'GET', path: `/v1/subscriptions/${id(subscriptionId)}/mandate` }, options);
  }

  /** The metered items' usage in the open period so far, each with what it costs; zeros before any event. */
  usage(subscriptionId: string, options?: RequestOptions): Promise<SubscriptionUsage> {
    return this.request({ method: 'GET', path: `/v1/subscriptions/${id(subscriptionId)}/usage` }, options);
  }

  activate(subscriptionId: string, params: MandateParams = {}, options?: RequestOptions): Promise<Activation> {
    return this.request({ method: 'POST', path: `/v1/subscriptions/${id(subscriptionId)}/activate`, body: params }, options);
  }

  complete(subscriptionId: string, params: MandateParams = {}, options?: RequestOptions): Promise<Subscription> {
    return this.action(subscriptionId, 'complete', params, options);
  }

  cancel(subscriptionId: string, params: CancelParams = {}, options?: RequestOptions): Promise<Subscription> {
    return this.action(subscriptionId, 'cancel', params, options);
  }

  resume(subscriptionId: string, options?: RequestOptions): Promise<Subscription> {
    return this.action(subscriptionId, 'resume', {}, options);
  }

  pause(subscriptionId: string, options?: RequestOptions): Promise<Subscription> {
    return this.action(subscriptionId, 'pause', {}, options);
  }

  private action(subscriptionId: string, action: string, body: object, options?: RequestOptions): Promise<Subscription> {
    return this.unwrap('subscription', { method: 'POST', path: `/v1/subscriptions/${id(subscriptionId)}/${action}`, body }, options);
  }
}
