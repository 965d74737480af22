import type { FavoriteProblem } from '../../../machines/favorites/heart.machine';
import { API_VERSION } from '../../contracts/envelope';
import { FAVORITE_LIMIT_CODE, FAVORITE_PRIVATE_CODE } from '../../contracts/favorite-limits';
import type { FavoriteState } from '../../contracts/favorites';

/** The reader's favourite calls (plain fetch like comments-api.ts; the bearer token when signed in). No DOM, no strings. */

export interface FavoriteApi {
  /** Whether the book is a favourite and may be one. */
  state(): Promise<FavoriteState>;
  add(): Promise<FavoriteState>;
  remove(): Promise<unknown>;
}

/** Why a refused call was refused, as the heart's machine reads it (`{ problem }`). */
export function problemOfEnvelope(content: unknown): FavoriteProblem {
  const c = content as { type?: unknown; code?: unknown } | null;
  if (c?.type === 'FAVORITE' && c.code === FAVORITE_LIMIT_CODE) return 'limit';
  if (c?.type === 'FAVORITE' && c.code === FAVORITE_PRIVATE_CODE) return 'private';
  if (c?.type === 'SESSION') return 'session';
  return 'failed';
}

export function createFavoriteApi(
  api: string,
  bookId: string,
  readerToken: string | null,
  accessToken: string | null,
  fetchImpl: typeof fetch = fetch,
): FavoriteApi {
  const ids = { id: bookId, ...(readerToken ? { token: readerToken } : {}) };
  async function call<T>(path: string, body?: object): Promise<T> {
    const q = new URLSearchParams({ ...(body ? {} : ids), v: String(API_VERSION) });
    const headers: Record<string, string> = { accept: 'application/json' };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    if (body) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetchImpl(`${api}/${path}?${q}`, {
        method: body ? 'POST' : 'GET',
        headers,
        body: body ? JSON.stringify(body) : null,
        credentials: 'include',
      });
    } catch {
      throw { problem: 'failed' satisfies FavoriteProblem };
    }
    const envelope = (await res.json().catch(() => null)) as { status?: string; content?: unknown } | null;
    if (envelope?.status !== 'ok') throw { problem: problemOfEnvelope(envelope?.content) };
    return envelope.content as T;
  }
  return {
    state: () => call('public/book/favorite/get'),
    add: () => call('public/book/favorite/create', ids),
    remove: () => call('account/favorite/delete', { id: bookId }),
  };
}

/** The reader runs inside a frame (an embed): top is another document, possibly another site. */
export function inFrame(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}
