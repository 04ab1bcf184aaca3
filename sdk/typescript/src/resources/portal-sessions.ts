import type { RequestOptions } from '../transport.js';
import type { PortalSessionCreateParams } from '../params.js';
import type { PortalSession } from '../types.js';
import { Resource } from './resource.js';

/** /v1/portal_sessions: one-use links into the customer portal, for one customer's wallet. */
export class PortalSessions extends Resource {
  /** A link (`url`, a secret shown this once) that opens one portal session within an hour. */
  create(params: PortalSessionCreateParams, options?: RequestOptions): Promise<PortalSession> {
    return this.request({ method: 'POST', path: '/v1/portal_sessions', body: params }, options);
  }
}
