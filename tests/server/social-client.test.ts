import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { OAUTH_RESULT_TTL_MS, POPUP_POLL_MS } from '../../machines/constants';
import { provideSocial } from '../../machines/sign-up/provide';
import type { SocialOutput } from '../../machines/sign-up/social.machine';
import type { SocialProvider } from '../../machines/sign-up/types';
import type { ClientConfig } from '../../src/api';
import { socialFragment } from '../../src/contracts/social';
import {
  completeOAuthLanding,
  createSocialServices,
  OAUTH_MESSAGE_TYPE,
  OAUTH_PENDING_KEY,
  OAUTH_RESULT_KEY,
  parseOAuthFragment,
  pendingSocialProvider,
} from '../../src/web/app/social';

/**
 * The browser side of social sign-in (src/web/app/social.ts) driven by the real social machine
 * (machines/sign-up/social.machine.ts) against a fake window; the e2e drives the real one.
 */
const HASH = 'a'.repeat(43);

describe('parseOAuthFragment', () => {
  it.each([
    [socialFragment({ kind: 'inactive', email: 'ada+books@example.org' }), { kind: 'inactive', email: 'ada+books@example.org' }],
    [socialFragment({ kind: 'activation', hash: HASH }), { kind: 'activation', hash: HASH }],
    [socialFragment({ kind: 'hash', hash: HASH }), { kind: 'hash', hash: HASH }],
    ['#error-174', { kind: 'server', type: 'AUTH', code: 174 }],
    ['#error-426', { kind: 'server', type: 'API', code: 426 }],
    ['error-abort', { kind: 'abort' }],
  ])('%s', (hash, expected) => {
    expect(parseOAuthFragment(hash)).toEqual(expected);
  });

  it.each(['', '#', '#hash-', '#hash-short', '#inactive-nobody', '#error-x', '#other-1', '#hash-a/b', '#inactive-%E0%A4%A'])(
    'refuses %j',
    (hash) => {
      expect(parseOAuthFragment(hash)).toBeNull();
    },
  );
});

class FakeStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

/** Enough of `Window` for social.ts: open, message events, timers, location, storage, history. */
function fakeWindow(options: { blockPopups?: boolean; opener?: unknown; hash?: string } = {}) {
  const events = new EventTarget();
  const opened: { url: string; popup: { closed: boolean; close: () => void } }[] = [];
  const location = {
    origin: 'http://app.example',
    pathname: '/login',
    search: '?utm_source=news',
    hash: options.hash ?? '',
    assign: vi.fn(),
    replace: vi.fn(),
  };
  const win = {
    location,
    document: { documentElement: { lang: 'fr' } },
    sessionStorage: new FakeStorage(),
    history: { replaceState: vi.fn() },
    opener: options.opener ?? null,
    close: vi.fn(),
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 900,
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (id: ReturnType<typeof setInterval>) => clearInterval(id),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    open: vi.fn((url: string) => {
      if (options.blockPopups) return null;
      const popup = {
        closed: false,
        close() {
          popup.closed = true;
        },
      };
      opened.push({ url, popup });
      return popup;
    }),
  };
  const post = (data: unknown, origin = location.origin, source: unknown = opened.at(-1)?.popup) =>
    events.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  return { win: win as unknown as Window, raw: win, opened, post };
}

/** One social sign-in: the machine with the app's services; `result` settles with its output. */
function createSocialSignIn({ config, win }: { config: Pick<ClientConfig, 'api'>; win: Window }) {
  return (input: { provider: SocialProvider }, signal: AbortSignal): Promise<SocialOutput> => {
    const actor = createActor(provideSocial(createSocialServices({ config, win })), { input });
    signal.addEventListener('abort', () => actor.stop(), { once: true });
    const result = toPromise(actor.start());
    return result;
  };
}

describe('social machine with the app services', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the start call in a pop-up and resolves with the outcome the landing posts', async () => {
    const { win, opened, post } = fakeWindow();
    const signIn = createSocialSignIn({ config: { api: '/api' }, win });
    const promise = signIn({ provider: 'google' }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0]?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('http://app.example/api/oauth2/google/start');
    expect(Object.fromEntries(url.searchParams)).toEqual({ v: '2', redirect: '/oauth', language: 'fr', origin_source: 'news' });

    post({ type: OAUTH_MESSAGE_TYPE, hash: `#hash-${HASH}` }, 'http://evil.example'); // wrong origin: ignored
    post({ type: OAUTH_MESSAGE_TYPE, hash: `#hash-${HASH}` }, undefined, {}); // not our pop-up: ignored
    post({ type: 'other', hash: `#hash-${HASH}` }); // not ours: ignored
    post({ type: OAUTH_MESSAGE_TYPE, hash: `#activation-${HASH}` });
    await expect(promise).resolves.toEqual({ kind: 'outcome', outcome: { kind: 'activation', hash: HASH } });
    expect(opened[0]?.popup.closed).toBe(true);
  });

  it('fails like an API call on #error-<code>, and silently (abort) when the pop-up is closed; giving up closes the pop-up', async () => {
    const { win, opened, post } = fakeWindow();
    const signIn = createSocialSignIn({ config: { api: 'https://api.example/v' }, win });
    const failed = signIn({ provider: 'linkedin' }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]?.url).toMatch(/^https:\/\/api\.example\/v\/oauth2\/linkedin\/start\?/);
    post({ type: OAUTH_MESSAGE_TYPE, hash: '#error-175' });
    await expect(failed).resolves.toEqual({
      kind: 'failed',
      error: { kind: 'server', type: 'AUTH', code: 175, content: { type: 'AUTH', code: 175 } },
    });

    const closed = signIn({ provider: 'google' }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS); // still open at the first check
    opened.at(-1)?.popup.close();
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS);
    await expect(closed).resolves.toEqual({ kind: 'failed', error: { kind: 'abort' } });

    const controller = new AbortController();
    void signIn({ provider: 'facebook' }, controller.signal).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened.at(-1)?.popup.closed).toBe(false);
    controller.abort();
    expect(opened.at(-1)?.popup.closed).toBe(true);
  });

  it('falls back to a full-page redirect when pop-ups are blocked, and resumes from the kept outcome', async () => {
    const { win, raw } = fakeWindow({ blockPopups: true });
    const signIn = createSocialSignIn({ config: { api: '/api' }, win });
    let settled = false;
    const redirecting = signIn({ provider: 'facebook' }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    redirecting.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    expect(raw.location.assign).toHaveBeenCalledWith(
      expect.stringMatching(/^http:\/\/app\.example\/api\/oauth2\/facebook\/start\?v=2&redirect=%2Foauth/),
    );
    expect(JSON.parse(raw.sessionStorage.getItem(OAUTH_PENDING_KEY) ?? '{}')).toMatchObject({
      provider: 'facebook',
      returnTo: '/login?utm_source=news',
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false);

    // The provider sent the whole tab to /oauth#inactive-…: the landing keeps it and goes back.
    const landing = fakeWindow({ hash: '#inactive-fiona%40example.org' });
    landing.raw.sessionStorage = raw.sessionStorage;
    landing.raw.location.pathname = '/oauth';
    expect(completeOAuthLanding(landing.win)).toBe('kept');
    expect(landing.raw.history.replaceState).toHaveBeenCalledWith(null, '', '/oauth');
    expect(landing.raw.location.replace).toHaveBeenCalledWith('/login?utm_source=news');
    expect(raw.sessionStorage.getItem(OAUTH_PENDING_KEY)).toBeNull();

    // Back on the page: a sign-in for this provider answers from the kept outcome without a pop-up.
    expect(pendingSocialProvider(win)).toBe('facebook');
    const resumed = createSocialSignIn({ config: { api: '/api' }, win })({ provider: 'facebook' }, new AbortController().signal);
    await expect(resumed).resolves.toEqual({ kind: 'outcome', outcome: { kind: 'inactive', email: 'fiona@example.org' } });
    expect(raw.sessionStorage.getItem(OAUTH_RESULT_KEY)).toBeNull();
    expect(pendingSocialProvider(win)).toBeNull();
    expect(raw.open).toHaveBeenCalledTimes(1); // only the blocked one, before the redirect
  });

  it('a kept outcome older than the TTL is dropped and a pop-up opens instead', async () => {
    const { win, raw, opened } = fakeWindow();
    raw.sessionStorage.setItem(
      OAUTH_RESULT_KEY,
      JSON.stringify({ provider: 'google', hash: `#hash-${HASH}`, at: Date.now() - OAUTH_RESULT_TTL_MS }),
    );
    void createSocialSignIn({ config: { api: '/api' }, win })({ provider: 'google' }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toHaveLength(1);
    expect(raw.sessionStorage.getItem(OAUTH_RESULT_KEY)).toBeNull();
  });

  it('the landing in a pop-up posts the fragment to its opener (same origin) and closes', () => {
    const opener = { postMessage: vi.fn() };
    const { win, raw } = fakeWindow({ opener, hash: `#hash-${HASH}` });
    expect(completeOAuthLanding(win)).toBe('posted');
    expect(opener.postMessage).toHaveBeenCalledWith({ type: OAUTH_MESSAGE_TYPE, hash: `#hash-${HASH}` }, 'http://app.example');
    expect(raw.close).toHaveBeenCalled();
  });

  it('a landing without a pending sign-in goes to /login', () => {
    const { win, raw } = fakeWindow({ hash: `#hash-${HASH}` });
    expect(completeOAuthLanding(win)).toBe('none');
    expect(raw.location.replace).toHaveBeenCalledWith('/login');
  });
});
