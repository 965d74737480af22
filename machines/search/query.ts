import {
  type BookSearchContent,
  type MarkedText,
  type PublisherSearchContent,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  SEARCH_START_MAX,
  type SearchSort,
  type SearchTab,
} from '../../src/contracts/search';

/**
 * Pure rules of the search page (issue 15, SPEC §2 Search), shared by the machine and the views: the
 * query as the URL fragment carries it (`#search-{term}/books/page-2/sort-newest`, the publishers
 * tab as `/publishers`), its API parameters, and the snippet's pieces.
 */

export interface SearchQuery {
  term: string;
  tab: SearchTab;
  /** 1-based. */
  page: number;
  sort: SearchSort;
}

export type SearchResults = { tab: 'books'; content: BookSearchContent } | { tab: 'publishers'; content: PublisherSearchContent };

export const LAST_PAGE = Math.floor(SEARCH_START_MAX / SEARCH_PAGE_SIZE) + 1;

const isSort = (value: string | undefined): value is SearchSort => (SEARCH_SORTS as readonly string[]).includes(value ?? '');

/** The query of fragment parameters; anything unknown falls back (books, page 1, relevance). */
export function queryFromParams(params: Readonly<Record<string, string>>): SearchQuery {
  const page = Number(params.page);
  return {
    term: (params.search ?? '').trim().slice(0, SEARCH_QUERY_MAX),
    tab: 'publishers' in params && !('books' in params) ? 'publishers' : 'books',
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, LAST_PAGE) : 1,
    sort: isSort(params.sort) ? params.sort : 'relevance',
  };
}

/** The fragment parameters of a query: defaults left out. */
export function paramsFromQuery(query: SearchQuery): Record<string, string> {
  const out: Record<string, string> = { search: query.term, [query.tab]: '' };
  if (query.page > 1) out.page = String(query.page);
  if (query.sort !== 'relevance' && query.tab === 'books') out.sort = query.sort;
  return out;
}

export const sameQuery = (a: SearchQuery, b: SearchQuery): boolean =>
  a.term === b.term && a.tab === b.tab && a.page === b.page && a.sort === b.sort;

/** Request parameters of a query (`start` is the 0-based offset). */
export function searchParamsOf(query: SearchQuery): Record<string, string | number> {
  const out: Record<string, string | number> = { q: query.term, start: (query.page - 1) * SEARCH_PAGE_SIZE, step: SEARCH_PAGE_SIZE };
  if (query.tab === 'books') out.sortby = query.sort;
  return out;
}

export const pageCount = (total: number): number => Math.max(1, Math.min(LAST_PAGE, Math.ceil(total / SEARCH_PAGE_SIZE)));

/** A snippet cut into plain and marked pieces, in order (ranges out of bounds or overlapping are dropped). */
export function snippetParts(snippet: MarkedText): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [from, length] of [...snippet.marks].sort((a, b) => a[0] - b[0])) {
    if (from < at || length <= 0 || from + length > snippet.text.length) continue;
    if (from > at) parts.push({ text: snippet.text.slice(at, from), marked: false });
    parts.push({ text: snippet.text.slice(from, from + length), marked: true });
    at = from + length;
  }
  if (at < snippet.text.length) parts.push({ text: snippet.text.slice(at), marked: false });
  return parts;
}

/**
 * The reader at the hit's page with the search's words highlighted (`#page=N&q=…`, read by
 * src/viewer/main.ts); the reader's own first page without a page.
 */
export function readerLink(reader: string, page: number | null, term: string): string {
  if (page === null) return reader;
  return `${reader}#page=${page}&q=${encodeURIComponent(term)}`;
}
