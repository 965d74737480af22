import type { SocialOutcome, SocialProvider } from '../../../machines/sign-up/types';
import { ApiCallError, type ClientConfig } from '../../api';
import { API_VERSION } from '../../contracts/envelope';
import { ERRORS } from '../../contracts/errors';

/**
 * Social sign-in in the browser (SPEC §4; server: src/server/routes/oauth2). `socialSignIn` opens a
 * pop-up on `{api}/oauth2/{provider}/start`, the provider signs the user in, and the server sends the
 * pop-up to the app's `/oauth#<outcome>` page, which posts the fragment to its opener and closes
 * (`completeOAuthLanding`). When the browser blocks pop-ups the whole page goes through the provider
 * instead; the landing page then keeps the outcome for this tab and goes back where the user was,
 * where `pendingSocialProvider` tells the app to send `user.social` again, which resolves from it.
 */

export { OAUTH_LANDING_PATH } from './oauth-path';

import { OAUTH_LANDING_PATH } from './oauth-path';
/** `postMessage` data type from the landing pop-up to its opener. */
export const OAUTH_MESSAGE_TYPE = 'quire-oauth';
/** sessionStorage: a full-page sign-in under way ({provider, returnTo, at}) and its outcome ({provider, hash, at}). */
export const OAUTH_PENDING_KEY = 'quire_oauth_pending';
export const OAUTH_RESULT_KEY = 'quire_oauth_result';
/** A kept full-page outcome is used within this time (the server's state cookie lives ten minutes too). */
export const OAUTH_RESULT_TTL_MS = 10 * 60_000;
/** How often the opener checks whether the user closed the pop-up. */
export const POPUP_POLL_MS = 400;

/** A failed sign-in: the user gave up (silent), or a server code (`errors.{type}.{code}`). */
export type SocialFailure = { kind: 'abort' } | { kind: 'server'; type: string; code: number };
/** What the landing fragment says. */
export type OAuthLanding = SocialOutcome | SocialFailure;

const HASH = /^[A-Za-z0-9_-]{16,128}$/;

const safeDecode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** The catalogue type of a server code (codes are unique across types). */
const typeOfCode = (code: number): string => Object.values(ERRORS).find((e) => e.code === code)?.type ?? 'AUTH';

/**
 * The landing fragment → outcome: `#inactive-<email>`, `#activation-<hash>`, `#hash-<hash>`,
 * `#error-<code>` or `#error-abort` (key and value split at the first '-', the value URI-encoded).
 * Anything else → null.
 */
export function parseOAuthFragment(hash: string): OAuthLanding | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const dash = body.indexOf('-');
  if (dash <= 0 || body.includes('/')) return null;
  const key = body.slice(0, dash);
  const value = safeDecode(body.slice(dash + 1));
  if (value === null || value === '') return null;
  switch (key) {
    case 'inactive':
      return /^[^\s@]+@[^\s@]+$/.test(value) ? { kind: 'inactive', email: value } : null;
    case 'activation':
      return HASH.test(value) ? { kind: 'activation', hash: value } : null;
    case 'hash':
      return HASH.test(value) ? { kind: 'hash', hash: value } : null;
    case 'error': {
      if (value === 'abort') return { kind: 'abort' };
      if (!/^\d{1,6}$/.test(value)) return null;
      const code = Number(value);
      return { kind: 'server', type: typeOfCode(code), code };
    }
    default:
      return null;
  }
}

/** The landing as the machine's promise wants it: an outcome, or an ApiCallError-like rejection. */
function settle(landing: OAuthLanding | null): { outcome: SocialOutcome } | { error: ApiCallError } {
  if (landing === null) return { error: new ApiCallError('parse', { status: 0 }) };
  if (landing.kind === 'abort') return { error: new ApiCallError('abort', { status: 0 }) };
  if (landing.kind === 'server') {
    return {
      error: new ApiCallError('server', {
        status: 0,
        type: landing.type,
        code: landing.code,
        content: { type: landing.type, code: landing.code },
      }),
    };
  }
  return { outcome: landing };
}

export interface SocialDeps {
  config: Pick<ClientConfig, 'api'>;
  win: Window;
}

/** The sign-up machine's `socialSignIn(input, signal)` (machines/sign-up/provide.ts). */
export function createSocialSignIn({ config, win }: SocialDeps) {
  const storage = sessionStorageOf(win);

  const startUrl = (provider: SocialProvider): string => {
    const base = /^https?:\/\//i.test(config.api) ? config.api : `${win.location.origin}${config.api}`;
    const url = new URL(`${base}/oauth2/${provider}/start`);
    url.searchParams.set('v', String(API_VERSION));
    url.searchParams.set('redirect', OAUTH_LANDING_PATH);
    const language = win.document.documentElement.lang;
    if (language) url.searchParams.set('language', language);
    const page = new URLSearchParams(win.location.search);
    for (const [from, to] of [
      ['utm_source', 'origin_source'],
      ['utm_campaign', 'origin_campaign'],
    ] as const) {
      const value = page.get(from);
      if (value) url.searchParams.set(to, value);
    }
    return url.href;
  };

  return function socialSignIn(input: { provider: SocialProvider }, signal: AbortSignal): Promise<SocialOutcome> {
    if (signal.aborted) return Promise.reject(new ApiCallError('abort', { status: 0 }));

    // Back from a full-page sign-in: its outcome is waiting for this provider.
    const kept = takeResult(storage, input.provider);
    if (kept !== undefined) {
      const result = settle(parseOAuthFragment(kept));
      return 'outcome' in result ? Promise.resolve(result.outcome) : Promise.reject(result.error);
    }

    const url = startUrl(input.provider);
    const popup = openPopup(win, url);
    if (!popup) {
      // Pop-ups blocked: the whole page goes to the provider and comes back to /oauth.
      writeJson(storage, OAUTH_PENDING_KEY, {
        provider: input.provider,
        returnTo: `${win.location.pathname}${win.location.search}`,
        at: Date.now(),
      });
      win.location.assign(url);
      return new Promise<SocialOutcome>(() => undefined);
    }

    return new Promise<SocialOutcome>((resolve, reject) => {
      const cleanup = () => {
        win.removeEventListener('message', onMessage);
        signal.removeEventListener('abort', onAbort);
        win.clearInterval(timer);
      };
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: unknown; hash?: unknown } | null;
        if (event.origin !== win.location.origin || event.source !== popup) return;
        if (!data || data.type !== OAUTH_MESSAGE_TYPE || typeof data.hash !== 'string') return;
        cleanup();
        const result = settle(parseOAuthFragment(data.hash));
        if ('outcome' in result) resolve(result.outcome);
        else reject(result.error);
      };
      const onAbort = () => {
        cleanup();
        popup.close();
        reject(new ApiCallError('abort', { status: 0, cause: signal.reason }));
      };
      const timer = win.setInterval(() => {
        if (!popup.closed) return;
        cleanup();
        reject(new ApiCallError('abort', { status: 0 }));
      }, POPUP_POLL_MS);
      win.addEventListener('message', onMessage);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  };
}

/**
 * The `/oauth` page: in the pop-up, post the fragment to the opener (same origin only) and close;
 * after a full-page sign-in, keep the outcome for this tab and go back where the user was (or
 * `/login`). The fragment never stays in the address bar or the history.
 */
export function completeOAuthLanding(win: Window): 'posted' | 'kept' | 'none' {
  const hash = win.location.hash;
  win.history.replaceState(null, '', win.location.pathname);
  const opener = win.opener as Window | null;
  if (opener && opener !== win) {
    try {
      opener.postMessage({ type: OAUTH_MESSAGE_TYPE, hash }, win.location.origin);
      win.close();
      return 'posted';
    } catch {
      // The opener went elsewhere: continue as a full-page sign-in.
    }
  }
  const storage = sessionStorageOf(win);
  const pending = readJson<{ provider?: unknown; returnTo?: unknown; at?: unknown }>(storage, OAUTH_PENDING_KEY);
  storage?.removeItem(OAUTH_PENDING_KEY);
  const fresh = pending && typeof pending.at === 'number' && Date.now() - pending.at < OAUTH_RESULT_TTL_MS;
  if (!pending || !fresh || typeof pending.provider !== 'string') {
    win.location.replace('/login');
    return 'none';
  }
  writeJson(storage, OAUTH_RESULT_KEY, { provider: pending.provider, hash, at: Date.now() });
  const back = typeof pending.returnTo === 'string' && /^\/(?!\/)/.test(pending.returnTo) ? pending.returnTo : '/login';
  win.location.replace(back === OAUTH_LANDING_PATH ? '/login' : back);
  return 'kept';
}

/** After a full-page sign-in: the provider whose outcome waits (send `user.social {provider}` to the open sign-up modal). */
export function pendingSocialProvider(win: Window): SocialProvider | null {
  const kept = readJson<{ provider?: unknown; at?: unknown }>(sessionStorageOf(win), OAUTH_RESULT_KEY);
  if (!kept || typeof kept.at !== 'number' || Date.now() - kept.at >= OAUTH_RESULT_TTL_MS) return null;
  return kept.provider === 'facebook' || kept.provider === 'google' || kept.provider === 'linkedin' ? kept.provider : null;
}

function takeResult(storage: Storage | undefined, provider: SocialProvider): string | undefined {
  const kept = readJson<{ provider?: unknown; hash?: unknown; at?: unknown }>(storage, OAUTH_RESULT_KEY);
  if (!kept) return undefined;
  storage?.removeItem(OAUTH_RESULT_KEY);
  const fresh = typeof kept.at === 'number' && Date.now() - kept.at < OAUTH_RESULT_TTL_MS;
  return fresh && kept.provider === provider && typeof kept.hash === 'string' ? kept.hash : undefined;
}

/** A centred pop-up; null when the browser blocked it. */
function openPopup(win: Window, url: string): Window | null {
  const width = 520;
  const height = 680;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  try {
    return win.open(url, 'quire-oauth', `popup,width=${width},height=${height},left=${left},top=${top}`);
  } catch {
    return null;
  }
}

function sessionStorageOf(win: Window): Storage | undefined {
  try {
    return win.sessionStorage;
  } catch {
    return undefined;
  }
}

function readJson<T>(storage: Storage | undefined, key: string): T | null {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or denied: the full-page sign-in then ends on /login without its outcome.
  }
}
