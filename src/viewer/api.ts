import type { ViewMode } from '../../machines/reader/layout';
import type { LeadFailure } from '../../machines/reader/leads.machine';
import type { ReaderFailure } from '../../machines/reader.machine';
import { API_VERSION } from '../contracts/envelope';
import { READER_PRELOAD_ID, type ReaderBook, type ReaderPreload, type ReaderSearchHit } from '../contracts/reader';
import type { LeadFields, ReaderTrigger } from '../contracts/triggers';

/**
 * The reader's few calls, on plain fetch (no ky: the reader entry has a 60 KB budget). Every call
 * carries `v=2` and answers the envelope `{status, content}` (DESIGN §8).
 */

/** BOOK error codes of the public book call → the gate page the reader shows. */
const GATE_BY_CODE: Record<number, ReaderFailure> = {
  404: 'notFound',
  403: 'private',
  410: 'deactivated',
  423: 'blocked',
  409: 'converting',
  // The owner's book whose conversion failed (progressive reading, issue 14).
  422: 'failed',
};

export interface ReaderApi {
  book(signal?: AbortSignal): Promise<ReaderBook>;
  search(query: string, signal?: AbortSignal): Promise<ReaderSearchHit[]>;
  text(page: number, signal?: AbortSignal): Promise<string>;
  downloadUrl(): string;
  /** The book's enabled triggers (the server applied the SPEC §4 rule). */
  triggers(signal?: AbortSignal): Promise<ReaderTrigger[]>;
  /** Stores a lead for a trigger of the book; rejects with `{ failure: LeadFailure }`. */
  lead(lead: LeadFields & { trigger: string }): Promise<void>;
}

export function createReaderApi(api: string, id: string, token: string | null, fetchImpl: typeof fetch = fetch): ReaderApi {
  const url = (path: string, params: Record<string, string>) => {
    const q = new URLSearchParams({ ...params, id, v: String(API_VERSION) });
    if (token) q.set('token', token);
    return `${api}/public/book/${path}?${q}`;
  };
  async function call<T>(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(url(path, params), { signal: signal ?? null, credentials: 'include', headers: { accept: 'application/json' } });
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      throw { failure: 'offline' as ReaderFailure };
    }
    const body = (await res.json().catch(() => null)) as { status?: string; content?: unknown } | null;
    if (body?.status === 'ok') return body.content as T;
    const content = body?.content as { type?: string; code?: number } | undefined;
    const failure = content?.type === 'BOOK' && content.code !== undefined ? GATE_BY_CODE[content.code] : undefined;
    throw { failure: failure ?? (res.status === 404 ? 'notFound' : 'offline') };
  }
  return {
    book: (signal) => call<ReaderBook>('get', {}, signal),
    search: (query, signal) => call<ReaderSearchHit[]>('search', { q: query }, signal),
    text: async (page, signal) => (await call<{ page: number; text: string }>('text', { page: String(page) }, signal)).text,
    downloadUrl: () => url('download', {}),
    triggers: async (signal) => {
      const list = await call<unknown>('trigger', {}, signal);
      return Array.isArray(list) ? (list as ReaderTrigger[]) : [];
    },
    lead: async (lead) => {
      let res: Response;
      try {
        res = await fetchImpl(`${api}/public/book/trigger/lead?v=${API_VERSION}`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ ...lead, book: id, ...(token ? { token } : {}) }),
        });
      } catch {
        throw { failure: 'failed' satisfies LeadFailure };
      }
      const body = (await res.json().catch(() => null)) as { status?: string; content?: { type?: string } } | null;
      if (body?.status === 'ok') return;
      const failure: LeadFailure = res.status === 429 ? 'limited' : body?.content?.type === 'VALIDATION' ? 'invalid' : 'failed';
      throw { failure };
    },
  };
}

/**
 * The book (or its gate) the server inlined in the page (reader/page.ts), read once: the first page
 * then needs no API round trip. Later loads (retry, another book) call the API.
 */
export function takePreloadedBook(doc: Document = document): Promise<ReaderBook> | null {
  const el = doc.getElementById(READER_PRELOAD_ID);
  if (!el?.textContent) return null;
  el.remove();
  let data: ReaderPreload;
  try {
    data = JSON.parse(el.textContent) as ReaderPreload;
  } catch {
    return null;
  }
  if ('book' in data) return Promise.resolve(data.book);
  const failure = data.error.type === 'BOOK' ? GATE_BY_CODE[data.error.code] : undefined;
  return failure ? Promise.reject({ failure }) : null;
}

const VIEW_MODES: readonly ViewMode[] = ['auto', 'book', 'slide', 'scroll'];
/** `?mode=` of an embed: one of the view modes, else the book's own. */
export function viewModeParam(search: string): ViewMode | undefined {
  const mode = new URLSearchParams(search).get('mode');
  return VIEW_MODES.find((m) => m === mode);
}

/** `/read/<id>` (any prefix before it) and the private link's `?token=` (or `?t=`). */
export function parseReaderLocation(pathname: string, search: string): { id: string | null; token: string | null } {
  const m = /\/read\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  const q = new URLSearchParams(search);
  const token = q.get('token') ?? q.get('t');
  return { id: m?.[1] ?? null, token: token && /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : null };
}

/** The page image URL for a width and a 1-based page (ReaderBook.pageUrl pattern). */
export const pageImageUrl = (pattern: string, width: number, page: number): string =>
  pattern.replace('{w}', String(width)).replace('{n}', String(page));
