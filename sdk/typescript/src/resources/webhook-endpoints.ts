import type { ListCall, ListParams } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { RotateSecretParams, WebhookEndpointCreateParams, WebhookEndpointUpdateParams } from '../params.js';
import type { DeletedWebhookEndpoint, DeliveryAttempt, RevealedWebhookSecret, TestEvent, WebhookEndpoint, WebhookEndpointWithSecret } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/webhook_endpoints: where events are delivered, each endpoint with its signing secret. */
export class WebhookEndpoints extends Resource {
  /** Creates an endpoint; the answer's `secret` verifies its deliveries. */
  create(params: WebhookEndpointCreateParams, options?: RequestOptions): Promise<WebhookEndpointWithSecret> {
    return this.request({ method: 'POST', path: '/v1/webhook_endpoints', body: params }, options);
  }

  list(params: ListParams = {}, options?: RequestOptions): ListCall<WebhookEndpoint, ListParams> {
    return this.listCall('/v1/webhook_endpoints', 'webhookEndpoints', params, options);
  }

  retrieve(endpointId: string, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.unwrap('webhookEndpoint', { method: 'GET', path: this.path(endpointId) }, options);
  }

  update(endpointId: string, params: WebhookEndpointUpdateParams, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.unwrap('webhookEndpoint', { method: 'PATCH', path: this.path(endpointId), body: params }, options);
  }

  /** Deletes the endpoint (`delete` is a reserved word, hence `del`). */
  del(endpointId: string, options?: RequestOptions): Promise<DeletedWebhookEndpoint> {
    return this.request({ method: 'DELETE', path: this.path(endpointId) }, options);
  }

  /** A new secret; the old one keeps signing beside it for `overlapSeconds`. */
  rotateSecret(endpointId: string, params: RotateSecretParams = {}, options?: RequestOptions): Promise<WebhookEndpointWithSecret> {
    return this.request({ method: 'POST', path: `${this.path(endpointId)}/rotate_secret`, body: params }, options);
  }

  /** The current secret (an audited read). */
  revealSecret(endpointId: string, options?: RequestOptions): Promise<RevealedWebhookSecret> {
    return this.request({ method: 'GET', path: `${this.path(endpointId)}/secret` }, options);
  }

  /** Sends a `webhook_endpoint.test` event to the endpoint. */
  sendTest(endpointId: string, options?: RequestOptions): Promise<TestEvent> {
    return this.unwrap('event', { method: 'POST', path: `${this.path(endpointId)}/test` }, options);
  }

  listDeliveries(endpointId: string, params: ListParams = {}, options?: RequestOptions): ListCall<DeliveryAttempt, ListParams> {
    return this.listCall(`${this.path(endpointId)}/deliveries`, 'deliveries', params, options);
  }

  private path(endpointId: string): string {
    return `/v1/webhook_endpoints/${id(endpointId)}`;
  }
}
