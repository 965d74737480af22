import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { SESSION_CHANNEL, SESSION_REFRESH_LOCK } from '../../../machines/constants';
import { type SessionSource, sessionMachine } from '../../../machines/session.machine';
import { loginContent } from '../../../machines/sign-up/fixtures';
import type { LoginContent } from '../../../src/contracts/accounts';
import { provideRefreshLock } from '../../../src/web/session/refresh-lock';
import { tabChannelListener } from '../../../src/web/session/tabs';
import { createUserStore, USER_KEY, type UserStore, userFromLogin } from '../../../src/web/session/user-store';

/**
 * Two tabs of one browser, with the real navigator.locks and BroadcastChannel of Node and the real
 * session and refresh-lock machines: only the session server is a counting fake.
 */
const b64url = (text: string) => Buffer.from(text).toString('base64url');
const jwt = (sub: string, n: number) => `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify({ sub, n }))}.signature`;
/** Alice's login answer with the given token (the one fixture, machines/sign-up/fixtures.ts). */
const login = (token: string): LoginContent =>
  loginContent({
    session: { access_token: token },
    profile: { id: 'p-alice', email: 'alice@example.com', firstname: 'Alice', lastname: null },
  });
/** The stored token is of another subject than the profile: both tabs refresh at once (SPEC §4). */
const oldLogin = login(jwt('p-old', 1));
const newLogin = login(jwt('p-alice', 2));

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const server = { calls: 0 };
const opened: { session: Actor<typeof sessionMachine>; channel: BroadcastChannel }[] = [];

function openTab(storage: ReturnType<typeof memoryStorage>) {
  const store: UserStore = createUserStore(storage);
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  const fetchSession = async () => {
    server.calls++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    store.set(userFromLogin(newLogin, Date.now(), store.get()));
    return newLogin;
  };
  const session = createActor(
    sessionMachine.provide({
      actors: {
        checkSession: fromPromise<SessionSource | null>(async () => oldLogin),
        refreshLock: provideRefreshLock({ locks: navigator.locks, channel, storage, store, fetchSession }),
        tabChannel: tabChannelListener(channel),
        tabStorage: fromCallback(() => {}),
      },
      actions: { broadcastRefresh: (_, { content }) => channel.postMessage({ type: 'refreshed', content }) },
    }),
    { input: { random: () => 0.5 } },
  );
  opened.push({ session, channel });
  return { store, session };
}

function storeWithOldToken() {
  const storage = memoryStorage();
  storage.setItem(USER_KEY, JSON.stringify(userFromLogin(oldLogin, Date.now() - 1_900_000)));
  return storage;
}

const settled = (tab: ReturnType<typeof openTab>) => waitFor(tab.session, (s) => s.matches({ loggedIn: 'waiting' }), { timeout: 3000 });

afterEach(() => {
  for (const { session, channel } of opened.splice(0)) {
    session.stop();
    channel.close();
  }
  server.calls = 0;
});

describe('two tabs refresh the session only once (real locks and BroadcastChannel)', () => {
  it('the second tab adopts the token the first one stored under the lock', async () => {
    const shared = storeWithOldToken();
    const one = openTab(shared);
    const two = openTab(shared);
    one.session.start();
    two.session.start();
    await Promise.all([settled(one), settled(two)]);
    expect(server.calls).toBe(1);
    expect(one.store.get()?.session.access_token).toBe(newLogin.session.access_token);
    expect(two.store.get()?.session.access_token).toBe(newLogin.session.access_token);
    expect(two.session.getSnapshot().context.user?.tokenSubject).toBe('p-alice');
  });
  it('when the storage write has not reached the second tab, it adopts the token handed over on the channel', async () => {
    // Each tab sees its own storage: the first tab's write never reaches the second.
    const one = openTab(storeWithOldToken());
    const two = openTab(storeWithOldToken());
    one.session.start();
    two.session.start();
    await Promise.all([settled(one), settled(two)]);
    expect(server.calls).toBe(1);
    expect(two.store.get()?.session.access_token).toBe(newLogin.session.access_token);
    expect(two.store.get()?.profile.email).toBe('alice@example.com');
    expect(two.session.getSnapshot().context.handoff).toBeNull();
  });
});

describe('the refresh lock lets go of the browser lock', () => {
  it('when the refresh lock crashes (its hand-over cannot be posted), the lock is released and the session signs out', async () => {
    const storage = storeWithOldToken();
    const store = createUserStore(storage);
    // A closed channel: posting the hand-over throws inside the refresh lock's action.
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.close();
    const session = createActor(
      sessionMachine.provide({
        actors: {
          checkSession: fromPromise<SessionSource | null>(async () => oldLogin),
          refreshLock: provideRefreshLock({ locks: navigator.locks, channel, storage, store, fetchSession: async () => newLogin }),
          tabChannel: fromCallback(() => {}),
          tabStorage: fromCallback(() => {}),
        },
      }),
      { input: { random: () => 0.5 } },
    );
    opened.push({ session, channel });
    session.start();
    await waitFor(session, (s) => s.matches('loggedOut'), { timeout: 3000 });
    expect((await navigator.locks.query()).held).toEqual([]);
    // The next refresh gets the lock at once.
    let granted = false;
    await navigator.locks.request(SESSION_REFRESH_LOCK, { ifAvailable: true }, (lock) => {
      granted = lock !== null;
    });
    expect(granted).toBe(true);
  });
});
