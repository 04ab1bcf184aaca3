import type { ListCall, ListParams } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { MeterCreateParams, MeterEventBatchCreateParams, MeterEventCreateParams } from '../params.js';
import type { Meter, MeterEvent, MeterEventBatch } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/meters: what metered prices count, the events of one name aggregated per subscription item and period. */
export class Meters extends Resource {
  /** An active meter; an event name the mode has a meter of already: 409 `meter_exists`. */
  create(params: MeterCreateParams, options?: RequestOptions): Promise<Meter> {
    return this.request({ method: 'POST', path: '/v1/meters', body: params }, options);
  }

  /** Newest first, active and inactive. */
  list(params: ListParams = {}, options?: RequestOptions): ListCall<Meter, ListParams> {
    return this.listCall('/v1/meters', 'meters', params, options);
  }

  retrieve(meterId: string, options?: RequestOptions): Promise<Meter> {
    return this.request({ method: 'GET', path: `/v1/meters/${id(meterId)}` }, options);
  }

  /** Its events are refused from now on (400 `meter_inactive`); what was counted stays. Again changes nothing. */
  deactivate(meterId: string, options?: RequestOptions): Promise<Meter> {
    return this.request({ method: 'POST', path: `/v1/meters/${id(meterId)}/deactivate`, body: {} }, options);
  }
}

/** /v1/meter_events: a customer's usage, answered (202) once Kafka has it and counted shortly after. */
export class MeterEvents extends Resource {
  /** One event; the answer carries its identifier and timestamp. */
  create(params: MeterEventCreateParams, options?: RequestOptions): Promise<MeterEvent> {
    return this.request({ method: 'POST', path: '/v1/meter_events', body: params }, options);
  }

  /** 1 to 1,000 events, all or nothing (the first bad one is 400 with `param` `events[i]...`); one request. */
  createBatch(params: MeterEventBatchCreateParams, options?: RequestOptions): Promise<MeterEventBatch> {
    return this.request({ method: 'POST', path: '/v1/meter_events/batch', body: params }, options);
  }
}
