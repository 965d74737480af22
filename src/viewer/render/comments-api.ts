import type { CommentPage, PostCommentContent, PublicComment, SubscriptionState } from '../../contracts/comments';
import { API_VERSION } from '../../contracts/envelope';

/** The reader's comment and subscription calls, and the stored session they use (no DOM, no strings). */

/** The app keeps the current user here (src/web/session/user-store.ts USER_KEY; checked by a unit test). */
export const STORED_USER_KEY = 'quire.user';

/** The signed-in user's access token from the app's stored user, if it is still valid (read only). */
export function storedAccessToken(storage: Pick<Storage, 'getItem'> | null, now: number): string | null {
  try {
    const user = JSON.parse(storage?.getItem(STORED_USER_KEY) ?? 'null') as {
      session?: { access_token?: unknown; expires_at?: unknown };
    } | null;
    const token = user?.session?.access_token;
    const expires = user?.session?.expires_at;
    return typeof token === 'string' && token && (typeof expires !== 'number' || expires > now) ? token : null;
  } catch {
    return null;
  }
}

export interface CommentsApi {
  list(start: number, signal?: AbortSignal): Promise<CommentPage<PublicComment>>;
  post(text: string): Promise<PostCommentContent>;
  subscription(): Promise<SubscriptionState>;
  follow(on: boolean): Promise<SubscriptionState>;
}

/** The comment and subscription calls (plain fetch like the reader's own api.ts; the bearer token when signed in). */
export function createCommentsApi(
  api: string,
  bookId: string,
  readerToken: string | null,
  accessToken: string | null,
  fetchImpl: typeof fetch = fetch,
): CommentsApi {
  const ids = { id: bookId, ...(readerToken ? { token: readerToken } : {}) };
  async function call<T>(path: string, init: { query?: Record<string, string>; body?: object; signal?: AbortSignal } = {}): Promise<T> {
    const q = new URLSearchParams({ ...(init.body ? {} : ids), ...init.query, v: String(API_VERSION) });
    const headers: Record<string, string> = { accept: 'application/json' };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    if (init.body) headers['content-type'] = 'application/json';
    const res = await fetchImpl(`${api}/public/book/${path}?${q}`, {
      method: init.body ? 'POST' : 'GET',
      headers,
      body: init.body ? JSON.stringify({ ...ids, ...init.body }) : null,
      signal: init.signal ?? null,
      credentials: 'include',
    });
    const envelope = (await res.json().catch(() => null)) as { status?: string; content?: unknown } | null;
    if (envelope?.status !== 'ok') throw envelope?.content ?? new Error(`HTTP ${res.status}`);
    return envelope.content as T;
  }
  return {
    list: (start, signal) => call('comment/', { query: { start: String(start) }, ...(signal ? { signal } : {}) }),
    post: (text) => call('comment/create', { body: { text } }),
    subscription: () => (accessToken ? call('subscription/get') : Promise.resolve({ subscribed: false })),
    follow: (on) => call(on ? 'subscription/create' : 'subscription/delete', { body: {} }),
  };
}
