import {
  BOOK_SORTS,
  type BookListItem,
  type BookSort,
  type BulkItemResult,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  type PagedList,
  TITLE_TRUNCATE,
} from '../../src/contracts/books';

/**
 * Pure rules of the book list (SPEC §2 "Lists of books…", §4 Book document status and flags, §9),
 * shared by the machine and the views so both read a book the same way.
 */

export type StatusKind = 'done' | 'error' | 'converting';

/** SPEC §4: DONE is normal, ERROR is an error, any other value is shown as converting. */
export function statusKind(item: Pick<BookListItem, 'document'>): StatusKind {
  if (item.document.status === 'DONE') return 'done';
  if (item.document.status === 'ERROR') return 'error';
  return 'converting';
}

/** SPEC §2: converting, error and blocked (invalid) books cannot be selected. */
export const isSelectable = (item: BookListItem): boolean => item.is_valid && statusKind(item) === 'done';

/**
 * A single delete is offered for finished books, failed ones included (the usual way to get rid of a
 * failed conversion), but not while a book converts nor for a blocked one (not clickable, SPEC §4).
 */
export const isDeletable = (item: BookListItem): boolean => item.is_valid && statusKind(item) !== 'converting';

export const hasConverting = (items: readonly BookListItem[]): boolean => items.some((i) => statusKind(i) === 'converting');

export type BookFlag = 'blocked' | 'scheduled' | 'deactivated' | 'private' | 'featured' | 'explicit';

/**
 * SPEC §4 flags on normal books: blocked (invalid), scheduled (with its date), deactivated (not published
 * and not scheduled), private (publishing_mode 2), featured (awarded), explicit (adult). Blocked shows on
 * any book, since it explains why the book is not clickable; the others only on finished books.
 */
export function bookFlags(item: BookListItem): BookFlag[] {
  const flags: BookFlag[] = [];
  if (!item.is_valid) flags.push('blocked');
  if (statusKind(item) !== 'done') return flags;
  if (item.is_scheduled) flags.push('scheduled');
  else if (!item.is_published) flags.push('deactivated');
  if (item.publishing_mode === 2) flags.push('private');
  if (item.is_awarded) flags.push('featured');
  if (item.is_adult) flags.push('explicit');
  return flags;
}

/** SPEC §8: a blocked book shows its invalid reason, or '--' without one. */
export const blockedReason = (item: Pick<BookListItem, 'invalid_reason'>): string => item.invalid_reason?.trim() || '--';

/** SPEC §9: titles in lists are cut at 40 characters (by code point, so no emoji is split) with an ellipsis. */
export function truncateTitle(name: string, max: number = TITLE_TRUNCATE): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** Conversion progress in percent (0 while the page count is unknown). */
export function progressPercent(item: Pick<BookListItem, 'document'>): number {
  const { pages_done, pages_total } = item.document;
  if (!pages_total || pages_total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((pages_done / pages_total) * 100)));
}

// ── The query: page, sort and search, mirrored in the URL fragment (#page-2/sort-name_asc/search-foo) ──
export interface ListQuery {
  /** 1-based (SPEC §9 first page 1). */
  page: number;
  /** null: the server's default sort. */
  sort: BookSort | null;
  search: string;
}

export const DEFAULT_QUERY: ListQuery = { page: FIRST_PAGE, sort: null, search: '' };

/** A list with nothing in it (the machine's harmless default answer). */
export const emptyList = (): PagedList<BookListItem> => ({
  list: [],
  total: 0,
  start: 0,
  step: { current: DEFAULT_PAGE_SIZE },
  sortby: { available: [], selected: '' },
  currency: null,
  from: 0,
  to: 0,
  max: 0,
  metadata: {},
  all: 0,
});
export const SEARCH_MAX = 200;

const isSort = (value: unknown): value is BookSort => (BOOK_SORTS as readonly unknown[]).includes(value);

/** Fragment parameters → query; anything unreadable falls back to the default. */
export function queryFromParams(params: Readonly<Record<string, string | undefined>>): ListQuery {
  const page = /^\d{1,7}$/.test(params.page ?? '') ? Number(params.page) : FIRST_PAGE;
  return {
    page: page >= FIRST_PAGE ? page : FIRST_PAGE,
    sort: isSort(params.sort) ? params.sort : null,
    search: (params.search ?? '').trim().slice(0, SEARCH_MAX),
  };
}

/** Query → fragment parameters, defaults left out so the plain /account/book stays plain. */
export function paramsFromQuery(query: ListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.page !== FIRST_PAGE) out.page = String(query.page);
  if (query.sort) out.sort = query.sort;
  if (query.search) out.search = query.search;
  return out;
}

export const sameQuery = (a: ListQuery | null, b: ListQuery | null): boolean =>
  a !== null && b !== null && a.page === b.page && a.sort === b.sort && a.search === b.search;

/** Offset of a page for the API's `start` (pages are 1-based, `start` 0-based). */
export const startOf = (page: number, step: number = DEFAULT_PAGE_SIZE): number => Math.max(0, page - FIRST_PAGE) * step;

export const pageCount = (total: number, step: number = DEFAULT_PAGE_SIZE): number =>
  Math.max(FIRST_PAGE, Math.ceil(Math.max(0, total) / Math.max(1, step)));

// ── Results of a bulk edit or delete ──
export interface Settled {
  okIds: string[];
  failed: { id: string; code?: number }[];
}

/** Splits per-item results over the ids sent; an id without a result counts as failed (no code). */
export function settle(ids: readonly string[], results: readonly BulkItemResult[]): Settled {
  const byId = new Map(results.map((r) => [r.id, r]));
  const okIds: string[] = [];
  const failed: Settled['failed'] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (r?.status === 'ok') okIds.push(id);
    else failed.push(r?.code === undefined ? { id } : { id, code: r.code });
  }
  return { okIds, failed };
}
