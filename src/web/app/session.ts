import { type Actor, createActor, fromPromise } from 'xstate';
import type { AccountTimestampEvent, accountTimestampMachine } from '../../../machines/accounts/account-timestamp.machine';
import { sessionChecking } from '../../../machines/app.machine';
import { SESSION_CHANNEL } from '../../../machines/first-load-constants';
import { lazyLogic } from '../../../machines/lazy';
import type { SessionActorRef } from '../../../machines/session.machine';
import type { ApiClient, Gate } from '../../api';
import type { LoginContent } from '../../contracts/accounts';
import { readCookie } from '../i18n/cookies';
import { loadSessionIo } from '../session/io-loader';
import { createUserStore, userFromLogin } from '../session/user-store';
import type { AlertsOf } from './alert-action';
import { LOGIN_REDIRECT_COOKIE } from './login-redirect';
import type { Pending } from './session-machine';

export interface SessionDeps {
  api: ApiClient;
  gate: Gate;
  /** The alert queue (the app root's `alerts`): the session's alerts are sent to it by its actions. */
  alerts: AlertsOf;
  navigate: (to: string) => void;
  /** The running session actor (a child of the app root, machines/app.machine.ts). */
  session: () => SessionActorRef | undefined;
  doc: Document;
}

type AccountTimestampActor = Actor<typeof accountTimestampMachine>;

/**
 * The session side of the app: the user store, the session machine with its real side effects (token
 * check, the refresh lock's navigator.locks / local storage / BroadcastChannel in ../session/tabs.ts,
 * the other tabs' listeners), the account-timestamp refresh, the API client's expired-session queue,
 * and the post-login sequence with its full-screen steps. The flows are the machines': the session and
 * the post-login steps run as children of the app root, whose transitions answer what they report
 * (`sendParent`: the expired sign-in opens or closes, a protected page is left, a step signs out).
 */
export function createSessionWiring(deps: SessionDeps) {
  const { api, gate, alerts, doc } = deps;
  const win = doc.defaultView as Window;
  const storage = safe(() => win.localStorage);
  const sessionStorage = safe(() => win.sessionStorage);
  // The stored user is read back with its schema, which loads apart (../session/io.ts) from now on:
  // the session check waits for it (it waits for the API client's module all the same).
  const store = createUserStore(storage);
  let restored: Promise<void> | null = null;
  const restore = () => {
    restored ??= loadSessionIo()
      .then((m) => store.restore(m.readUser(storage)))
      .catch((error: unknown) => {
        restored = null;
        throw error;
      });
    return restored;
  };
  restore().catch(() => {});
  const pending = new Map<string, Pending>();
  let seq = 0;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);

  // A newer account timestamp (ats) refreshes the user, once at a time and not while another session
  // fetch is in flight (machines/accounts/account-timestamp.machine.ts): every session fetch reports.
  // Its machine loads with ../session/io.ts (from boot on); events sent before that wait for it, in order.
  let accountTimestamp: AccountTimestampActor | undefined;
  let queued: Promise<AccountTimestampActor> | null = null;
  let started = false;
  const timestamps = (): Promise<AccountTimestampActor> => {
    queued ??= loadSessionIo().then((m) => {
      accountTimestamp ??= createActor(
        m.accountTimestampMachine.provide({ actors: { refreshUser: fromPromise<unknown>(() => fetchSession()) } }),
      );
      if (started) accountTimestamp.start();
      return accountTimestamp;
    });
    queued.catch(() => {
      queued = null;
    });
    return queued;
  };
  const stamp = (event: AccountTimestampEvent) => {
    if (accountTimestamp) accountTimestamp.send(event);
    else
      timestamps().then(
        (a) => a.send(event),
        () => {},
      );
  };
  // `check`: the session check at start, whose answer an expired session is (the machine clears the
  // token); any other fetch waits for the sign-in like every call.
  const fetchSession = async ({ check = false }: { check?: boolean } = {}): Promise<LoginContent> => {
    stamp({ type: 'session.fetching' });
    try {
      const content = await api.call('profile/session', {
        method: 'GET',
        skipSessionWait: true,
        skipSessionExpiry: check,
        ignoreAlerts: true,
        schema: (await loadSessionIo()).LoginContentSchema,
      });
      const previous = store.get();
      const seen = (await timestamps()).getSnapshot().context.seen;
      store.set({ ...userFromLogin(content, Date.now(), previous), ats: Math.max(previous?.ats ?? 0, seen) });
      return content;
    } finally {
      stamp({ type: 'session.fetched' });
    }
  };

  // The session machine with its side effects (./session-machine.ts) loads from boot on (not part of the
  // first load); the session check starts once it is there, in parallel with the first page's module.
  const provideSession = (m: typeof import('./session-machine')) =>
    m.provideSession({ api, gate, alerts, win, storage, sessionStorage, channel, store, pending, restore, fetchSession });
  const session = lazyLogic(
    () => import('./session-machine').then(provideSession),
    // Until then it is checking (the views and the app root's watch read this).
    sessionChecking,
  );

  /** The API client's hook: keep the retry until the user signs in again (SPEC §4 Session expiry). */
  const onSessionExpired = <T>(retry: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = `req-${++seq}`;
      pending.set(id, { retry, resolve: resolve as (v: unknown) => void, reject });
      deps.session()?.send({ type: 'request.expired', requestId: id });
    });

  return {
    store,
    /** The session machine with its side effects, loading on demand (the app root runs it). */
    session,
    /** The same, from its module at hand (tests create it at once). */
    provideSession,
    /** GETs the session and stores the user (the post-login steps refresh the user with it). */
    fetchSession,
    onSessionExpired,
    /** The login-redirect cookie's path, read when a sign-in ends (the post-login steps visit it). */
    redirectPath: () => readCookie(LOGIN_REDIRECT_COOKIE, doc.cookie) || null,
    getToken: () => store.get()?.session.access_token,
    getAts: () => store.get()?.ats,
    onAts: (ats: number) => stamp({ type: 'ats.newer', ats }),
    start: () => {
      started = true;
      accountTimestamp?.start();
      timestamps().catch(() => {});
    },
  };
}

export type SessionWiring = ReturnType<typeof createSessionWiring>;

function safe<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}
