import type { RequestOptions } from '../transport.js';
import type { TestClockChangeParams } from '../params.js';
import type { TestClock as TestClockObject } from '../types.js';
import { Resource } from './resource.js';

/** /v1/test_clock: the test mode's clock, frozen or moved forward to bring renewals due (test keys only). */
export class TestClock extends Resource {
  retrieve(options?: RequestOptions): Promise<TestClockObject> {
    return this.request({ method: 'GET', path: '/v1/test_clock' }, options);
  }

  /** Freezes the clock at `frozenAt` (`null` lets it run again) or moves it `advanceBySeconds` forward. */
  change(params: TestClockChangeParams, options?: RequestOptions): Promise<TestClockObject> {
    return this.request({ method: 'POST', path: '/v1/test_clock', body: params }, options);
  }

  /** `change({ advanceBySeconds: seconds })`. */
  advance(seconds: number, options?: RequestOptions): Promise<TestClockObject> {
    return this.change({ advanceBySeconds: seconds }, options);
  }
}
