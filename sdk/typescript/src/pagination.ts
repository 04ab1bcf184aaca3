// Lists. `await list(params)` is one page; `for await (const item of list(params))` walks every page, asking for the
// next with the last item's id as `startingAfter` while the API says `hasMore`.

import type { RequestOptions } from './transport.js';

/** One page of a list, newest first. */
export interface Page<T> {
  data: T[];
  /** True when older items follow: `startingAfter` = the last item's id gives them. */
  hasMore: boolean;
}

/** The paging parameters every list takes. */
export interface ListParams {
  /** Page size, 1-100 (the API's default: 100). */
  limit?: number;
  /** The last id of the previous page. */
  startingAfter?: string;
}

type PageFetcher<T, P extends ListParams> = (params: P, options: RequestOptions | undefined) => Promise<Page<T>>;

/**
 * A list call: a promise of its first page (`await`, `.firstPage()`) and an async iterable of every item of every
 * page. Nothing is sent until it is awaited or iterated; each iteration starts again from the first page.
 */
export class ListCall<T extends { id: string }, P extends ListParams = ListParams>
  implements PromiseLike<Page<T>>, AsyncIterable<T>
{
  private first: Promise<Page<T>> | undefined;

  constructor(
    private readonly fetchPage: PageFetcher<T, P>,
    private readonly params: P,
    private readonly options: RequestOptions | undefined,
  ) {}

  /** The page the parameters select. */
  firstPage(): Promise<Page<T>> {
    this.first ??= this.fetchPage(this.params, this.options);
    return this.first;
  }

  then<R1 = Page<T>, R2 = never>(
    onFulfilled?: ((page: Page<T>) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.firstPage().then(onFulfilled, onRejected);
  }

  /** Every page in turn, from the one the parameters select. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let page = await this.fetchPage(this.params, this.options);
    yield page;
    while (page.hasMore && page.data.length > 0) {
      const startingAfter = page.data[page.data.length - 1]!.id;
      page = await this.fetchPage({ ...this.params, startingAfter }, this.options);
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) {
      yield* page.data;
    }
  }

  /** Every item of every page in one array; mind the size of what is listed. */
  async toArray(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}

/** The page of an answer that holds its items under `key` (`{subscriptions: [...], hasMore}`). */
export function pageOf<T>(answer: Record<string, unknown>, key: string): Page<T> {
  return { data: (answer[key] ?? []) as T[], hasMore: answer['hasMore'] === true };
}
