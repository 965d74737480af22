import { fromPromise, sendParent } from 'xstate';
import { lazyLogic } from '../../../machines/lazy';
import { type SessionSource, sessionMachine } from '../../../machines/session.machine';
import type { ApiClient, Gate } from '../../api';
import type { LoginContent } from '../../contracts/accounts';
import { tabChannelListener, tabStorageListener } from '../session/tabs';
import { USER_KEY, type UserStore, writeAssociation } from '../session/user-store';
import { type AlertsOf, alertAction } from './alert-action';

/** A request waiting for a sign-in: its retry and its caller's promise. */
export type Pending = { retry: () => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** What the session machine's side effects use of the session wiring (./session.ts). */
export interface SessionMachineDeps {
  api: ApiClient;
  gate: Gate;
  alerts: AlertsOf;
  win: Window;
  storage: Storage | undefined;
  sessionStorage: Storage | undefined;
  channel: BroadcastChannel | null;
  store: UserStore;
  /** The requests waiting for a sign-in, by id (the API client's expired-session queue). */
  pending: Map<string, Pending>;
  /** Reads the stored user back (its schema loads apart). */
  restore: () => Promise<void>;
  fetchSession: (options?: { check?: boolean }) => Promise<LoginContent>;
}

/**
 * The session machine (machines/session.machine.ts) with its real side effects: the token check, the
 * refresh lock (../session/refresh-lock.ts, loaded with the first refresh), the other tabs' listeners
 * (../session/tabs.ts), the logout call, the gate, the alerts and the expired-session queue. Loaded
 * apart from the app's first load, from boot on (./session.ts).
 */
export function provideSession({
  api,
  gate,
  alerts,
  win,
  storage,
  sessionStorage,
  channel,
  store,
  pending,
  restore,
  fetchSession,
}: SessionMachineDeps) {
  return sessionMachine.provide({
    actors: {
      checkSession: fromPromise<SessionSource | null>(async () => {
        // Nothing stored, nothing to read back (no wait for the schema).
        if (!safe(() => storage?.getItem(USER_KEY))) return null;
        await restore();
        return store.get()?.session.access_token ? fetchSession({ check: true }) : null;
      }),
      // Its side effects load with the first refresh (only a signed-in session refreshes).
      refreshLock: lazyLogic(() =>
        import('../session/refresh-lock').then((m) =>
          m.provideRefreshLock({
            locks: (win.navigator as Navigator & { locks?: LockManager }).locks,
            channel,
            storage,
            store,
            fetchSession,
          }),
        ),
      ),
      tabChannel: tabChannelListener(channel),
      tabStorage: tabStorageListener(win, store),
      logout: fromPromise<void>(async () => {
        // A session the server already ended (revoked elsewhere, or by an account deletion) is signed out
        // all the same: its 149 must not start the expired-session sign-in.
        await api.call('profile/session', { method: 'DELETE', skipSessionWait: true, skipSessionExpiry: true, ignoreAlerts: true });
      }),
    },
    actions: {
      openGate: () => gate.open(),
      clearSession: () => store.set(null),
      clearAssociation: () => writeAssociation(sessionStorage, null),
      leaveProtectedPage: sendParent({ type: 'session.ended' }),
      openSignIn: sendParent({ type: 'session.signInNeeded' }),
      closeSignIn: sendParent({ type: 'session.signInSettled' }),
      showExpiredAlert: alertAction(alerts, { type: 'warning', message: { id: 'account.session.expired' } }),
      showRefreshError: alertAction(alerts, { type: 'error', message: { id: 'account.session.refreshFailed' } }),
      replayQueue: (_, { requestIds }) => {
        for (const id of requestIds) {
          const p = pending.get(id);
          pending.delete(id);
          p?.retry().then(p.resolve, p.reject);
        }
      },
      rejectQueue: (_, { requestIds }) => {
        for (const id of requestIds) {
          const p = pending.get(id);
          pending.delete(id);
          p?.reject(new DOMException('signed out', 'AbortError'));
        }
      },
      broadcastRefresh: (_, { content }) => channel?.postMessage({ type: 'refreshed', content }),
    },
  });
}

function safe<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}
