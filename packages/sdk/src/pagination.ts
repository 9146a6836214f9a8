// Cursor pagination as an async iterable: `for await (const run of folio.runs.list())` walks every page.

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export class PageIterator<T> implements AsyncIterable<T> {
  #fetchPage: (cursor: string | undefined) => Promise<Page<T>>;

  constructor(fetchPage: (cursor: string | undefined) => Promise<Page<T>>) {
    this.#fetchPage = fetchPage;
  }

  /** Only the first page (with its `next_cursor`). */
  firstPage(): Promise<Page<T>> {
    return this.#fetchPage(undefined);
  }

  /** Every page in turn, newest first, until `next_cursor` is null. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.#fetchPage(cursor);
      yield page;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** Every item of every page in one array (mind the size of what you list). */
  async toArray(): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) out.push(item);
    return out;
  }
}
