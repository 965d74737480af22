import {
  type BookSearchContent,
  BookSearchContentSchema,
  type PublisherSearchContent,
  PublisherSearchContentSchema,
} from '../contracts/search';
import type { ApiClient } from './client';

/**
 * The site search (issue 15): `GET {api}/public/search/book` and `/public/search/publisher`, anonymous.
 * The visitor's safe-mode choice travels as its cookie (the explicit-content confirmation). Failures
 * raise the usual alerts (the page shows its own retry besides).
 */
export interface SearchApi {
  books(params: Record<string, string | number>, signal?: AbortSignal): Promise<BookSearchContent>;
  publishers(params: Record<string, string | number>, signal?: AbortSignal): Promise<PublisherSearchContent>;
}

export function searchApi(api: ApiClient): SearchApi {
  return {
    books: (searchParams, signal) =>
      api.call('public/search/book', { method: 'GET', searchParams, schema: BookSearchContentSchema, ...(signal ? { signal } : {}) }),
    publishers: (searchParams, signal) =>
      api.call('public/search/publisher', {
        method: 'GET',
        searchParams,
        schema: PublisherSearchContentSchema,
        ...(signal ? { signal } : {}),
      }),
  };
}
