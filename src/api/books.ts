import * as v from 'valibot';
import {
  type Book,
  type BookListItem,
  type BookSettings,
  type BulkItemResult,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  type PagedList,
} from '../contracts/books';
import type { ApiClient } from './client';
import { ApiCallError } from './errors';

/**
 * Book calls of the account area (SPEC §7 Books, Edit book; DESIGN §8):
 * - list   GET  {api}/account/book/?start&step&sortby&search → paged list (SPEC §3)
 * - get    GET  {api}/account/book/get?id → Book
 * - update POST {api}/account/book/update {id, …fields} → Book; {ids, …fields} → per-item results
 * - delete POST {api}/account/book/delete {id} or {ids}
 * - renew  POST {api}/account/book/private/renew {id} → Book with its new private link
 * Edits and deletes never raise alerts here: the caller reports per-item results (errors.BULK.{code})
 * and generic failures itself. A refusal of every item arrives as an error envelope whose
 * `content.items` carries the per-item codes; it resolves as results like a partial one.
 */

export const BOOKS_URL = 'account/book/';

const nullableString = v.nullable(v.string());
const ItemSchema = v.looseObject({
  id: v.string(),
  name: v.string(),
  image: v.looseObject({ small: nullableString, medium: nullableString, large: nullableString }),
  url: v.looseObject({ overview: v.string() }),
  document: v.looseObject({
    status: v.string(),
    error_code: v.optional(v.nullable(v.string()), null),
    pages_done: v.optional(v.number(), 0),
    pages_total: v.optional(v.number(), 0),
  }),
  is_valid: v.boolean(),
  invalid_reason: v.optional(nullableString, null),
  is_scheduled: v.boolean(),
  publication: v.number(),
  is_published: v.boolean(),
  is_awarded: v.optional(v.boolean(), false),
  is_adult: v.optional(v.boolean(), false),
  publishing_mode: v.picklist([1, 2]),
});

/** The paged list as the client reads it: what the view needs is checked, the rest passes through. */
export const BookPageSchema = v.looseObject({
  list: v.array(ItemSchema),
  total: v.number(),
  start: v.number(),
  step: v.looseObject({ current: v.number() }),
  sortby: v.looseObject({
    available: v.array(v.looseObject({ id: v.string(), label: v.string() })),
    selected: v.string(),
  }),
});

const ResultSchema = v.looseObject({
  id: v.string(),
  status: v.picklist(['ok', 'error']),
  code: v.optional(v.number()),
  book: v.optional(v.unknown()),
});
const ResultsSchema = v.array(ResultSchema);

export interface BookListRequest {
  page: number;
  step?: number;
  sort?: string | null;
  search?: string;
}

export interface BooksApi {
  list(request: BookListRequest, signal?: AbortSignal): Promise<PagedList<BookListItem>>;
  /** GET {api}/account/book/get?id: one of the caller's books with its settings. */
  get(id: string, signal?: AbortSignal): Promise<Book>;
  /** One book; answers the updated book. */
  update(id: string, fields: BookSettings, signal?: AbortSignal): Promise<Book>;
  /** Several books with the same fields; per-item results (refusals resolve too). */
  updateMany(ids: readonly string[], fields: BookSettings, signal?: AbortSignal): Promise<BulkItemResult[]>;
  /** A new private link (the previous one and its page addresses stop working); answers the updated book. */
  renewPrivateLink(id: string, signal?: AbortSignal): Promise<Book>;
  /** One or several books; per-item results (refusals resolve too). */
  remove(ids: readonly string[], signal?: AbortSignal): Promise<BulkItemResult[]>;
}

/** Query of a list request: pages are 1-based, `start` is the 0-based offset; empty values are left out. */
export function listSearchParams({ page, step = DEFAULT_PAGE_SIZE, sort, search }: BookListRequest): Record<string, string | number> {
  const out: Record<string, string | number> = { start: Math.max(0, page - FIRST_PAGE) * step, step };
  if (sort) out.sortby = sort;
  if (search?.trim()) out.search = search.trim();
  return out;
}

/** Per-item results: a bare array or `{items: [...]}`; any other answer (e.g. `{id}` of a single delete) means all ok. */
function toResults(ids: readonly string[], raw: unknown): BulkItemResult[] {
  const items = (raw as { items?: unknown } | null)?.items;
  const list = Array.isArray(raw) ? raw : Array.isArray(items) ? items : null;
  if (!list) return ids.map((id) => ({ id, status: 'ok' }));
  const parsed = v.safeParse(ResultsSchema, list);
  if (!parsed.success) throw new ApiCallError('parse', { status: 200, cause: parsed.issues });
  return parsed.output.map((r) => {
    const result: BulkItemResult = { id: r.id, status: r.status };
    if (r.code !== undefined) result.code = r.code;
    if (r.book !== undefined) result.book = r.book as BookListItem;
    return result;
  });
}

/** Error envelope of a refusal of every item → results; any other failure is rethrown. */
function refusalAsResults(ids: readonly string[], error: unknown): BulkItemResult[] {
  if (!(error instanceof ApiCallError) || error.kind !== 'server' || !Array.isArray(error.items) || error.items.length === 0) throw error;
  return error.items.map((item, i) => {
    const { id, code } = (typeof item === 'object' && item !== null ? item : {}) as { id?: unknown; code?: unknown };
    const result: BulkItemResult = { id: typeof id === 'string' ? id : (ids[i] ?? ''), status: 'error' };
    if (typeof code === 'number') result.code = code;
    else if (typeof error.code === 'number') result.code = error.code;
    return result;
  });
}

export function booksApi(api: ApiClient): BooksApi {
  return {
    async list(request, signal) {
      const content = await api.call(BOOKS_URL, {
        method: 'GET',
        searchParams: listSearchParams(request),
        schema: BookPageSchema,
        ignoreAlerts: true,
        ...(signal ? { signal } : {}),
      });
      return content as unknown as PagedList<BookListItem>;
    },
    get: (id, signal) =>
      api.call<Book>(`${BOOKS_URL}get`, { method: 'GET', searchParams: { id }, ignoreAlerts: true, ...(signal ? { signal } : {}) }),
    update: (id, fields, signal) =>
      api.call<Book>(`${BOOKS_URL}update`, { method: 'POST', json: { ...fields, id }, ignoreAlerts: true, ...(signal ? { signal } : {}) }),
    async updateMany(ids, fields, signal) {
      try {
        const raw = await api.call(`${BOOKS_URL}update`, {
          method: 'POST',
          json: { ...fields, ids },
          ignoreAlerts: true,
          ...(signal ? { signal } : {}),
        });
        return toResults(ids, raw);
      } catch (error) {
        return refusalAsResults(ids, error);
      }
    },
    renewPrivateLink: (id, signal) =>
      api.call<Book>(`${BOOKS_URL}private/renew`, { method: 'POST', json: { id }, ignoreAlerts: true, ...(signal ? { signal } : {}) }),
    async remove(ids, signal) {
      const json = ids.length === 1 ? { id: ids[0] } : { ids };
      try {
        const raw = await api.call(`${BOOKS_URL}delete`, { method: 'POST', json, ignoreAlerts: true, ...(signal ? { signal } : {}) });
        return toResults(ids, raw);
      } catch (error) {
        return refusalAsResults(ids, error);
      }
    },
  };
}
