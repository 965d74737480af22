import * as v from 'valibot';
import { fromCallback, fromPromise } from 'xstate';
import { type AdoptedToken, refreshLockMachine, type StoredRead, sourceOf } from '../../../machines/accounts/refresh-lock.machine';
import type { SessionSource } from '../../../machines/accounts/types';
import { SESSION_REFRESH_LOCK } from '../../../machines/constants';
import type { SessionEvent } from '../../../machines/session.machine';
import { type LoginContent, LoginContentSchema } from '../../contracts/accounts';
import { type CurrentUser, CurrentUserSchema, onUserChangedInOtherTab, readUser, type UserStore, userFromLogin } from './user-store';

/**
 * The real side effects of the cross-tab session protocol: the refresh lock's lock (navigator.locks),
 * stored-token read and hand-over post, and the session machine's listeners (BroadcastChannel,
 * `storage` event). Channel messages: `{ type: 'handoff' | 'refreshed', content }` (a session answer).
 * The decisions are the machines' (machines/accounts/refresh-lock.machine.ts,
 * machines/session.machine.ts); these only talk to the browser.
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
}

/** The refresh lock machine with its real side effects. */
export function provideRefreshLock({ locks, channel, storage, store, fetchSession, now = Date.now }: RefreshLockDeps) {
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
      readStoredToken: fromPromise<StoredRead>(async () => ({ stored: readUser(storage), now: now() })),
      fetchSession: fromPromise<SessionSource>(() => fetchSession()),
    },
    actions: {
      storeToken: (_, { token }) => {
        const user = currentUserOf(token);
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

/** The session machine's `tabChannel` listener: another tab's hand-over and refresh announcements. */
export function tabChannelListener(channel: BroadcastChannel | null, now: () => number = Date.now) {
  return fromCallback<SessionEvent>(({ sendBack }) => {
    if (!channel) return;
    const listener = (e: MessageEvent<{ type?: unknown; content?: unknown } | null>) => {
      const content = v.safeParse(LoginContentSchema, e.data?.content);
      if (e.data?.type === 'handoff' && content.success)
        sendBack({ type: 'tab.handoff', token: { content: content.output, receivedAt: now() } });
      if (e.data?.type === 'refreshed') sendBack({ type: 'tab.otherRefreshed', ...(content.success ? { content: content.output } : {}) });
    };
    channel.addEventListener('message', listener);
    return () => channel.removeEventListener('message', listener);
  });
}

/** The session machine's `tabStorage` listener: another tab changed the stored user (null: logged out). */
export function tabStorageListener(win: Window, store: UserStore, now: () => number = Date.now) {
  return fromCallback<SessionEvent>(({ sendBack }) =>
    onUserChangedInOtherTab(win, (user) => {
      store.set(user);
      sendBack({ type: 'tab.userChanged', content: user ? sourceOf({ from: 'stored', stored: user }, now()) : null });
    }),
  );
}

/** The stored user an adopted token stands for (what the machine got from this app's own reads and listeners). */
function currentUserOf(token: AdoptedToken): CurrentUser | null {
  const stored = v.safeParse(CurrentUserSchema, token.stored);
  if (token.from === 'stored') return stored.success ? stored.output : null;
  const content = v.safeParse(LoginContentSchema, token.handoff.content);
  return content.success ? userFromLogin(content.output, token.handoff.receivedAt, stored.success ? stored.output : null) : null;
}
