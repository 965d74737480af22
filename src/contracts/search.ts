import * as v from 'valibot';
import { pageNumber } from './limits';

/**
 * The site search (issue 15, SPEC §2 Search): `/search#search-{term}/books` and its publishers tab,
 * answered by `GET {api}/public/search/book` and `GET {api}/public/search/publisher` over public,
 * published books (src/server/search). Shared by the server (input validation, answers) and the client.
 */

/** Results a page (SPEC §9 lists) and the most one call may ask for. */
export const SEARCH_PAGE_SIZE = 25;
export const SEARCH_STEP_MAX = 50;
/** The longest search text; longer is refused (validation.max). */
export const SEARCH_QUERY_MAX = 200;
/** Words of a search that count; the rest are ignored. */
export const SEARCH_WORDS_MAX = 16;
/** How far a list may be paged. */
export const SEARCH_START_MAX = 10_000;

export const SEARCH_SORTS = ['relevance', 'newest', 'reads'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_TABS = ['books', 'publishers'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/**
 * The words of a search text, as the index reads them: runs of letters, marks and digits
 * ("l'École 2" → l, École, 2), at most SEARCH_WORDS_MAX. Punctuation alone has no word.
 */
export function searchWords(q: string): string[] {
  return (q.normalize('NFKC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, SEARCH_WORDS_MAX);
}

const query = v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(SEARCH_QUERY_MAX, 'validation.max'));

/** GET {api}/public/search/book?q&start&step&sortby (anonymous). */
export const BookSearchQuerySchema = v.object({
  q: query,
  start: pageNumber(0, SEARCH_START_MAX),
  step: pageNumber(SEARCH_PAGE_SIZE, SEARCH_STEP_MAX),
  sortby: v.optional(v.picklist(SEARCH_SORTS, 'validation.invalid'), 'relevance'),
});
export type BookSearchQuery = v.InferOutput<typeof BookSearchQuerySchema>;

/** GET {api}/public/search/publisher?q&start&step (anonymous). */
export const PublisherSearchQuerySchema = v.object({
  q: query,
  start: pageNumber(0, SEARCH_START_MAX),
  step: pageNumber(SEARCH_PAGE_SIZE, SEARCH_STEP_MAX),
});
export type PublisherSearchQuery = v.InferOutput<typeof PublisherSearchQuerySchema>;

/** A piece of text with the matched words: `[offset, length]` ranges into `text` (UTF-16 units). */
export interface MarkedText {
  text: string;
  marks: [number, number][];
}

export interface BookSearchHit {
  id: string;
  title: string;
  publisher: { id: string; name: string };
  /** The cover's thumbnail URL (the thumbs host; may be a path). */
  cover: string;
  /** The reader's URL (the viewer host); the client adds `#page=N&q=…`. */
  reader: string;
  /** Publication time (epoch ms): the scheduled date, else the upload. */
  publishedAt: number;
  pages: number;
  /** Reading sessions of the book (its statistics). */
  reads: number;
  isAdult: boolean;
  /** Around the best hit, as plain text: the client marks the ranges (never HTML). */
  snippet: MarkedText;
  /** The 1-based page of the best hit in the page text; null when only title, description or publisher matched. */
  page: number | null;
}

export interface PublisherSearchHit {
  id: string;
  name: string;
  /** Its public publications. */
  books: number;
}

export interface SearchPage<T> {
  list: T[];
  total: number;
  start: number;
  step: number;
}
export type BookSearchContent = SearchPage<BookSearchHit> & { sortby: SearchSort };
export type PublisherSearchContent = SearchPage<PublisherSearchHit>;

/** Validation of the answers on the client. */
const markedText = v.object({ text: v.string(), marks: v.array(v.tuple([v.number(), v.number()])) });
export const BookSearchContentSchema = v.object({
  list: v.array(
    v.object({
      id: v.string(),
      title: v.string(),
      publisher: v.object({ id: v.string(), name: v.string() }),
      cover: v.string(),
      reader: v.string(),
      publishedAt: v.number(),
      pages: v.number(),
      reads: v.number(),
      isAdult: v.boolean(),
      snippet: markedText,
      page: v.nullable(v.number()),
    }),
  ),
  total: v.number(),
  start: v.number(),
  step: v.number(),
  sortby: v.picklist(SEARCH_SORTS),
});
export const PublisherSearchContentSchema = v.object({
  list: v.array(v.object({ id: v.string(), name: v.string(), books: v.number() })),
  total: v.number(),
  start: v.number(),
  step: v.number(),
});
