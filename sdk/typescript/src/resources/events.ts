import type { ListCall } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { EventListParams, RedeliverParams } from '../params.js';
import type { Event, Redelivery } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/events: what happened, newest first; each one delivered to the subscribed webhook endpoints. */
export class Events extends Resource {
  list(params: EventListParams = {}, options?: RequestOptions): ListCall<Event, EventListParams> {
    return this.listCall('/v1/events', 'events', params, options);
  }

  retrieve(eventId: string, options?: RequestOptions): Promise<Event> {
    return this.unwrap('event', { method: 'GET', path: `/v1/events/${id(eventId)}` }, options);
  }

  /** Delivers the event again, to one endpoint or to every subscribed one. */
  redeliver(eventId: string, params: RedeliverParams = {}, options?: RequestOptions): Promise<Redelivery> {
    return this.request({ method: 'POST', path: `/v1/events/${id(eventId)}/redeliver`, body: params }, options);
  }
}
