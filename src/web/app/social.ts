import { OAUTH_RESULT_TTL_MS } from '../../../machines/constants';
import type { SocialServices } from '../../../machines/sign-up/provide';
import type { KeptOAuthResult } from '../../../machines/sign-up/social.machine';
import type { SocialProvider } from '../../../machines/sign-up/types';
import type { ClientConfig } from '../../api';
import { API_VERSION } from '../../contracts/envelope';

/**
 * Social sign-in in the browser (SPEC §4; server: src/server/routes/oauth2): the window, pop-up and
 * storage access of the `social` machine (machines/sign-up/social.machine.ts), which owns the flow. A
 * pop-up opens on `{api}/oauth2/{provider}/start`, the provider signs the user in, and the server sends
 * the pop-up to the app's `/oauth#<outcome>` page, which posts the fragment to its opener and closes
 * (`completeOAuthLanding`). When the browser blocks pop-ups the whole page goes through the provider
 * instead; the landing page then keeps the outcome for this tab and goes back where the user was,
 * where `pendingSocialProvider` names the provider whose outcome waits: the sign-up host opens the
 * modal and the modal resumes that sign-in (machines/sign-up/host.machine.ts, `resumeSocial`).
 */

export { type OAuthLanding, parseOAuthFragment, type SocialFailure } from '../../../machines/sign-up/oauth';
export { OAUTH_LANDING_PATH, OAUTH_RESULT_KEY, pendingSocialProvider } from './oauth-path';

import { OAUTH_LANDING_PATH, OAUTH_RESULT_KEY } from './oauth-path';
/** `postMessage` data type from the landing pop-up to its opener. */
export const OAUTH_MESSAGE_TYPE = 'quire-oauth';
/** sessionStorage: a full-page sign-in under way ({provider, returnTo, at}) and its outcome ({provider, hash, at}). */
export const OAUTH_PENDING_KEY = 'quire_oauth_pending';

export interface SocialDeps {
  config: Pick<ClientConfig, 'api'>;
  win: Window;
}

/** The social machine's services for one sign-up modal (one pop-up at a time). */
export function createSocialServices({ config, win }: SocialDeps): SocialServices {
  const storage = sessionStorageOf(win);
  let popup: Window | null = null;

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

  return {
    takeKeptResult: () => takeResult(storage),
    openPopup: (provider) => {
      popup = openPopup(win, startUrl(provider));
      return popup !== null;
    },
    popupClosed: () => popup === null || popup.closed,
    listen: (landed) => {
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: unknown; hash?: unknown } | null;
        if (popup === null || event.origin !== win.location.origin || event.source !== popup) return;
        if (!data || data.type !== OAUTH_MESSAGE_TYPE || typeof data.hash !== 'string') return;
        landed(data.hash);
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
    redirect: (provider) => {
      writeJson(storage, OAUTH_PENDING_KEY, {
        provider,
        returnTo: `${win.location.pathname}${win.location.search}`,
        at: Date.now(),
      });
      win.location.assign(startUrl(provider));
    },
    closePopup: () => {
      popup?.close();
      popup = null;
    },
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

/** Takes the kept full-page outcome (removed once read); the machine judges its provider and age. */
function takeResult(storage: Storage | undefined): KeptOAuthResult | null {
  const kept = readJson<{ provider?: unknown; hash?: unknown; at?: unknown }>(storage, OAUTH_RESULT_KEY);
  if (!kept) return null;
  storage?.removeItem(OAUTH_RESULT_KEY);
  if (typeof kept.provider !== 'string' || typeof kept.hash !== 'string' || typeof kept.at !== 'number') return null;
  return { provider: kept.provider, hash: kept.hash, ageMs: Date.now() - kept.at };
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
