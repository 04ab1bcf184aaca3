import { ListCall, pageOf, type ListParams, type Page } from '../pagination.js';
import type { ApiRequest, RequestOptions, Transport } from '../transport.js';

/** The base of each resource's methods: requests through the client's transport. */
export abstract class Resource {
  constructor(protected readonly transport: Transport) {}

  protected request<T>(request: ApiRequest, options?: RequestOptions): Promise<T> {
    return this.transport.request<T>(request, options);
  }

  /** A request whose answer is `{<key>: value}`: resolves to the value. */
  protected async unwrap<T>(key: string, request: ApiRequest, options?: RequestOptions): Promise<T> {
    const answer = await this.transport.request<Record<string, unknown>>(request, options);
    return answer[key] as T;
  }

  protected listCall<T extends { id: string }, P extends ListParams>(
    path: string,
    key: string,
    params: P,
    options: RequestOptions | undefined,
  ): ListCall<T, P> {
    return new ListCall<T, P>(
      async (query, callOptions): Promise<Page<T>> =>
        pageOf<T>(await this.transport.request({ method: 'GET', path, query: { ...query } as Record<string, unknown> }, callOptions), key),
      params,
      options,
    );
  }
}

/** A path segment from an id, escaped; an empty id leaves an empty segment, which the transport refuses. */
export function id(value: string): string {
  return encodeURIComponent(value ?? '');
}
