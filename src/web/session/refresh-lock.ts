import { fromCallback, fromPromise } from 'xstate';
import { refreshLockMachine, type StoredRead } from '../../../machines/accounts/refresh-lock.machine';
import type { SessionSource } from '../../../machines/accounts/types';
import { SESSION_REFRESH_LOCK } from '../../../machines/constants';
import type { LoginContent } from '../../contracts/accounts';
import { loadSessionIo, type SessionIo } from './io-loader';
import type { UserStore } from './user-store';

/**
 * The refresh lock's real side effects (machines/accounts/refresh-lock.machine.ts): the cross-tab lock
 * (navigator.locks), the stored token read under it and the hand-over post (BroadcastChannel message
 * `{ type: 'handoff', content }`). Not part of the app's first load: the session's wiring
 * (src/web/app/session.ts) loads it with the first refresh.
 */

export interface RefreshLockDeps {
  /** navigator.locks; without it the lock is granted at once (the tab refreshes alone). */
  locks: LockManager | undefined;
  channel: BroadcastChannel | null;
  /** Local storage, shared by the tabs (the stored user is re-read from it under the lock). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  store: UserStore;
  /** GETs the session and stores the answer. */
  fetchSession: () => Promise<LoginContent>;
  now?: () => number;
  io?: () => Promise<SessionIo>;
}

/** The refresh lock machine with its real side effects. */
export function provideRefreshLock({ locks, channel, storage, store, fetchSession, now = Date.now, io = loadSessionIo }: RefreshLockDeps) {
  // The stored token is read (below) before any is stored: the module is there by then.
  let loaded: SessionIo | undefined;
  return refreshLockMachine.provide({
    actors: {
      holdLock: fromCallback(({ sendBack, input }) => {
        const release = holdLock(locks, () => sendBack({ type: 'lock.acquired' }));
        // A refresh lock that fails does not stop this child (xstate): let go when it fails.
        const watch = input.holder.subscribe({ error: release });
        return () => {
          watch.unsubscribe();
          release();
        };
      }),
      readStoredToken: fromPromise<StoredRead>(async () => {
        loaded = await io();
        return { stored: loaded.readUser(storage), now: now() };
      }),
      fetchSession: fromPromise<SessionSource>(() => fetchSession()),
    },
    actions: {
      storeToken: (_, { token }) => {
        const user = loaded?.currentUserOf(token);
        if (user) store.set(user);
      },
      postHandoff: (_, { content }) => channel?.postMessage({ type: 'handoff', content }),
    },
  });
}

/**
 * Requests the lock and calls `acquired` once granted; the lock is held until the returned cleanup
 * runs (a request still waiting is withdrawn).
 */
export function holdLock(locks: LockManager | undefined, acquired: () => void): () => void {
  if (!locks) {
    acquired();
    return () => {};
  }
  const withdraw = new AbortController();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  locks
    .request(SESSION_REFRESH_LOCK, { signal: withdraw.signal }, () => {
      acquired();
      return held;
    })
    .catch(() => {});
  return () => {
    withdraw.abort();
    release();
  };
}
