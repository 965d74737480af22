import { fromCallback, fromPromise } from 'xstate';
import { refreshLockMachine, type StoredRead, sourceOf } from '../../../machines/accounts/refresh-lock.machine';
import type { SessionSource } from '../../../machines/accounts/types';
import { SESSION_REFRESH_LOCK } from '../../../machines/constants';
import type { SessionEvent } from '../../../machines/session.machine';
import type { LoginContent } from '../../contracts/accounts';
import type { UserStore } from './user-store';

/** The session's side effects that validate (./io.ts, with the schemas): not part of the app's first load. */
export type SessionIo = typeof import('./io');

let loading: Promise<SessionIo> | null = null;
/** ./io.ts, loaded once (a failed load is tried again by the next call); the app starts it at boot. */
export function loadSessionIo(): Promise<SessionIo> {
  loading ??= import('./io').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The real side effects of the cross-tab session protocol: the refresh lock's lock (navigator.locks),
 * stored-token read and hand-over post, and the session machine's listeners (BroadcastChannel,
 * `storage` event). Channel messages: `{ type: 'handoff' | 'refreshed', content }` (a session answer).
 * The decisions are the machines' (machines/accounts/refresh-lock.machine.ts,
 * machines/session.machine.ts); these only talk to the browser. What they read is validated by ./io.ts,
 * which loads apart (`io`, default loadSessionIo).
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

/**
 * The session machine's `tabChannel` listener: another tab's hand-over and refresh announcements. The
 * messages are read in order once ./io.ts is there (at once after boot).
 */
export function tabChannelListener(channel: BroadcastChannel | null, now: () => number = Date.now, io = loadSessionIo) {
  return fromCallback<SessionEvent>(({ sendBack }) => {
    if (!channel) return;
    let stopped = false;
    const listener = (e: MessageEvent<{ type?: unknown; content?: unknown } | null>) => {
      const receivedAt = now();
      io()
        .then(({ parseLoginContent }) => {
          if (stopped) return;
          const content = parseLoginContent(e.data?.content);
          if (e.data?.type === 'handoff' && content) sendBack({ type: 'tab.handoff', token: { content, receivedAt } });
          if (e.data?.type === 'refreshed') sendBack({ type: 'tab.otherRefreshed', ...(content ? { content } : {}) });
        })
        .catch(() => {});
    };
    channel.addEventListener('message', listener);
    return () => {
      stopped = true;
      channel.removeEventListener('message', listener);
    };
  });
}

/** The session machine's `tabStorage` listener: another tab changed the stored user (null: logged out). */
export function tabStorageListener(win: Window, store: UserStore, now: () => number = Date.now, io = loadSessionIo) {
  return fromCallback<SessionEvent>(({ sendBack }) => {
    let stop: (() => void) | undefined;
    let stopped = false;
    io()
      .then(({ onUserChangedInOtherTab }) => {
        if (stopped) return;
        stop = onUserChangedInOtherTab(win, (user) => {
          store.set(user);
          sendBack({ type: 'tab.userChanged', content: user ? sourceOf({ from: 'stored', stored: user }, now()) : null });
        });
      })
      .catch(() => {});
    return () => {
      stopped = true;
      stop?.();
    };
  });
}
