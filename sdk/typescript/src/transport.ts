// One logical API call: the request, its retries with one Idempotency-Key, the timeout of each attempt, and the
// answer read with exact amounts. docs/sdk-typescript.md, "Retries and idempotency", says which failures are retried.

import { BillingError, ConnectionError, errorFromAnswer, retryAfterSeconds } from './errors.js';
import { JsonSyntaxError, parseJson, writeJson } from './exact-json.js';
import { VERSION } from './version.js';
import { webCrypto } from './web-crypto.js';

export const API_VERSION = '2026-01-01';
export const DEFAULT_BASE_URL = 'http://localhost:8080';
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_TIMEOUT_MS = 30_000;

/** First backoff step: 0.5 s, doubled per retry, drawn with full jitter (anywhere from 0 to the step). */
const BACKOFF_BASE_MS = 500;
/** The backoff step stops growing at 8 s: a caller waits for at most a few such steps. */
const BACKOFF_CAP_MS = 8_000;
/** A Retry-After longer than a minute is taken as a minute, so one answer cannot park a call for long. */
const RETRY_AFTER_CAP_MS = 60_000;

/** Options of one call; each overrides the client's. */
export interface RequestOptions {
  /** Makes a retry of the write safe; by default a random UUID made once per call and sent on each attempt. */
  idempotencyKey?: string;
  /** Retries after a retryable failure (connection error, 409 idempotency_in_progress, 429, 5xx); default 2. */
  maxRetries?: number;
  /** Milliseconds one attempt may take, answer read included; default 30 000. */
  timeout?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /** Cancels the call. */
  signal?: AbortSignal;
}

export interface TransportSettings {
  apiKey: string;
  baseUrl: string;
  maxRetries: number;
  timeout: number;
  fetch: typeof fetch;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, unknown> | undefined;
  /** A JSON body (written with exact amounts), or raw bytes with `contentType`. */
  body?: unknown;
  contentType?: string;
}

export class Transport {
  constructor(readonly settings: TransportSettings) {}

  async request<T>(request: ApiRequest, options: RequestOptions = {}): Promise<T> {
    if (/\/\/|\/$/.test(request.path)) throw new TypeError(`an id is missing in ${request.method} ${request.path}`);
    const url = this.url(request.path, request.query);
    const maxRetries = options.maxRetries ?? this.settings.maxRetries;
    const timeout = options.timeout ?? this.settings.timeout;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.settings.apiKey}`,
      'service-version': API_VERSION,
      'user-agent': `abk-billing-typescript/${VERSION}`,
      ...options.headers,
    };
    if (request.method !== 'GET') {
      headers['idempotency-key'] = options.idempotencyKey ?? (await webCrypto()).randomUUID();
    }
    let body: BodyInit | undefined;
    if (request.contentType !== undefined) {
      headers['content-type'] = request.contentType;
      body = request.body as BodyInit;
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = writeJson(request.body);
    }
    for (let attempt = 0; ; attempt++) {
      let failure: BillingError;
      try {
        return (await this.attempt(request.method, url, headers, body, timeout, options.signal)) as T;
      } catch (error) {
        if (!(error instanceof BillingError)) throw error;
        failure = error;
      }
      if (attempt >= maxRetries || !retryable(failure) || options.signal?.aborted) throw failure;
      await sleep(delayMs(attempt, failure), options.signal);
      if (options.signal?.aborted) throw failure;
    }
  }

  private async attempt(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: BodyInit | undefined,
    timeout: number,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const cancel = () => controller.abort();
    signal?.addEventListener('abort', cancel);
    try {
      const response = await this.settings.fetch(url, { method, headers, body, signal: controller.signal });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? undefined : parseJson(text);
      } catch (error) {
        if (!(error instanceof JsonSyntaxError)) throw error;
      }
      if (response.ok) {
        if (parsed === undefined || typeof parsed === 'string') {
          throw errorFromAnswer(response.status, parsed, response.headers);
        }
        return parsed;
      }
      throw errorFromAnswer(response.status, parsed, response.headers);
    } catch (error) {
      if (error instanceof BillingError) throw error;
      if (signal?.aborted) throw error;
      throw new ConnectionError({
        message: timedOut
          ? `no answer from ${method} ${url} within ${timeout} ms`
          : `cannot reach ${method} ${url}: ${describe(error)}`,
        code: timedOut ? 'timeout' : 'connection_failed',
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  }

  private url(path: string, query: Record<string, unknown> | undefined): string {
    const url = new URL(this.settings.baseUrl.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }
}

function retryable(error: BillingError): boolean {
  if (error instanceof ConnectionError) return true;
  const status = error.status ?? 0;
  return status === 429 || status >= 500 || (status === 409 && error.code === 'idempotency_in_progress');
}

function delayMs(retry: number, error: BillingError): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
  const jittered = Math.random() * step;
  const retryAfter = retryAfterSeconds(error.headers);
  return retryAfter === undefined ? jittered : Math.min(RETRY_AFTER_CAP_MS, Math.max(retryAfter * 1000, jittered));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause?.code ?? cause?.message ?? message;
}
