import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { type AppActorRef, appMachine } from '../../../machines/app.machine';
import { loginContent } from '../../../machines/sign-up/fixtures';
import { provideSignUpModal } from '../../../machines/sign-up/provide';
import { createApiClient, createGate } from '../../../src/api';
import type { LoginContent } from '../../../src/contracts/accounts';
import { DEFAULT_CLIENT_CONFIG } from '../../../src/contracts/client-config';
import { createSessionWiring } from '../../../src/web/app/session';
import { watchApp } from '../../../src/web/app/watch';
import { createUserStore, USER_KEY, userFromLogin } from '../../../src/web/session/user-store';
import { fakeServices } from '../machines/sign-up-fakes';

/**
 * The session's alerts reach the app's alert queue (the root's `alerts`, by its system id) through
 * built-in sends, not by a send inside a custom action: xstate then warns "Custom actions should not
 * call `assign()` directly" (statelyai/xstate#5343), and the queue's step runs inside the session's.
 * The app root with its real children, the session as the app wires it (src/web/app/session.ts) over
 * the real API client; the server is a fetch that answers in the API envelope.
 */
const b64url = (text: string) => Buffer.from(text).toString('base64url');
const jwt = (sub: string) => `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify({ sub }))}.signature`;
/** A login whose token is of another subject than its profile: the session refreshes at once (SPEC §4). */
const mismatched = (): LoginContent => loginContent({ session: { access_token: jwt('p-old') }, profile: { id: 'p-alice' } });

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let app: AppActorRef | undefined;
afterEach(() => {
  app?.stop();
  app = undefined;
  vi.restoreAllMocks();
});

describe('app alerts', () => {
  it('a failed session refresh shows its alert in the queue without an xstate warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const localStorage = memoryStorage();
    localStorage.setItem(USER_KEY, JSON.stringify(userFromLogin(mismatched(), Date.now())));
    const doc = {
      cookie: '',
      defaultView: {
        localStorage,
        sessionStorage: memoryStorage(),
        navigator: { locks: navigator.locks },
        addEventListener: () => {},
        removeEventListener: () => {},
      },
    } as unknown as Document;
    // The session check answers the stored login; the refresh under the lock gets a server error.
    let gets = 0;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method !== 'GET') return json(200, { status: 'ok', content: null, id: 'r-delete' });
      gets += 1;
      return gets === 1
        ? json(200, { status: 'ok', content: mismatched(), id: 'r-check' })
        : json(500, { status: 'error', content: { type: 'SERVER', code: 1 }, id: 'r-refresh' });
    };
    const gate = createGate(false);
    const api = createApiClient({
      config: { ...DEFAULT_CLIENT_CONFIG, api: 'http://api.test/' },
      fetch,
      sessionGate: gate,
      getToken: () => wiring.getToken(),
    });
    const wiring = createSessionWiring({
      api,
      gate,
      alerts: () => app?.system.get('alerts'),
      navigate: () => {},
      session: () => app?.getSnapshot().children.session,
      doc,
    });
    app = createActor(appMachine.provide({ actors: { session: wiring.session, watch: watchApp(wiring.store) } }), {
      input: { language: { language: 'en' }, signupPage: false, authPages: [] },
    }).start();
    const alerts = app.getSnapshot().children.alerts!;
    const shown = await waitFor(alerts, (s) => s.context.alerts.length > 0);
    expect(shown.context.alerts.map((a) => a.ref.getSnapshot().context.message)).toEqual([{ id: 'account.session.refreshFailed' }]);
    await waitFor(app.getSnapshot().children.session!, (s) => s.matches('loggedOut'));
    expect(gets).toBe(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it('the sign-up modal ends into the app root without an xstate warning (its outward actions are built-in sends)', async () => {
    const warn = vi.spyOn(console, 'warn');
    const store = createUserStore(undefined);
    const root = createActor(appMachine.provide({ actors: { watch: watchApp(store) } }), {
      input: { language: { language: 'en' }, signupPage: false, authPages: [] },
    }).start();
    app = root;
    const session = root.getSnapshot().children.session!;
    await waitFor(session, (s) => s.matches('loggedOut'));
    const modal = createActor(
      provideSignUpModal({
        ...fakeServices(),
        saveUser: (content) => store.set(userFromLogin(content, Date.now())),
        finish: (ending) => root.send({ type: 'signUp.finished', ending, redirectPath: null }),
        cancelExpiredSignIn: () => root.send({ type: 'signUp.cancelledExpired' }),
      }),
      { input: { reason: 'route', knownAccount: true, devMode: false } },
    ).start();
    modal.send({ type: 'user.social', provider: 'google' });
    await waitFor(modal, (s) => s.status === 'done');
    expect(session.getSnapshot().matches('loggedIn')).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});
