import { type ActorRefFrom, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { isSessionExpiredError } from './accounts/errors';
import type { RefreshOutput, refreshLockMachine } from './accounts/refresh-lock.machine';
import { subjectMismatch, toSessionUser } from './accounts/token';
import type { HandedOverToken, SessionSource, SessionUser } from './accounts/types';
import { OTHER_TAB_REFRESH_DELAY_MS, REFRESH_JITTER_MAX_MS, REFRESH_LIFETIME_FRACTION, SESSION_EXPIRED_ALERT_DELAY_MS } from './constants';
import { lazyLogic } from './lazy';

export type { RefreshOutput } from './accounts/refresh-lock.machine';
export type { HandedOverToken, SessionSource, SessionUser } from './accounts/types';

export interface SessionContext {
  /** Stored user essentials; null while logged out or expired. */
  user: SessionUser | null;
  /** Ids of requests that failed with 301/302/149 and wait for replay after sign-in. */
  queue: string[];
  /** The current page is the signup page: no sign-in modal on expiry there (SPEC §4). */
  signupPage: boolean;
  /** Random source in [0, 1) for the refresh jitter (input; Math.random by default). */
  random: () => number;
  /** The newest token another tab handed over on the channel (the refresh lock checks it; cleared by a refresh). */
  handoff: HandedOverToken | null;
}

export type SessionEvent =
  | { type: 'user.signedIn'; content: SessionSource }
  | { type: 'user.logout' }
  | { type: 'user.cancelledSignIn' }
  /** BroadcastChannel: another tab refreshed the token (with the content it stored, when known). */
  | { type: 'tab.otherRefreshed'; content?: SessionSource }
  /** storage event: the stored user changed in another tab (null: it logged out). */
  | { type: 'tab.userChanged'; content: SessionSource | null }
  /** BroadcastChannel: another tab handed its new token over while it held the refresh lock. */
  | { type: 'tab.handoff'; token: HandedOverToken }
  /** A call failed with 301/302/149; the app keeps its retry under `requestId`. */
  | { type: 'request.expired'; requestId: string }
  | { type: 'page.changed'; signupPage: boolean };

export interface SessionInput {
  signupPage?: boolean;
  random?: () => number;
}

/** SPEC §4: half the token lifetime plus up to REFRESH_JITTER_MAX_MS of jitter (`random` in [0, 1)). */
export function refreshDelayMs(expiresInSeconds: number, random: number): number {
  const jitter = Math.floor(Math.min(Math.max(random, 0), 0.999999) * REFRESH_JITTER_MAX_MS);
  return Math.max(0, Math.round(expiresInSeconds * 1000 * REFRESH_LIFETIME_FRACTION)) + jitter;
}

const ids = ({ context }: { context: SessionContext }) => ({ requestIds: context.queue });

/**
 * The client session (SPEC §4 Session, Session expiry; §8 301/302/149). Checks the stored session at
 * start (the request gate opens when that ends), refreshes the token at half its lifetime plus jitter
 * under a cross-tab lock, follows other tabs, queues requests that hit an expired session until the
 * user signs in again (then replays them) or cancels (then rejects them and logs out), and logs out.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput | undefined,
  },
  actors: {
    /** Reads the stored user and GETs the session with its token; null when no token is stored. */
    checkSession: fromPromise<SessionSource | null>(async () => null),
    /**
     * The cross-tab refresh lock (machines/accounts/refresh-lock.machine.ts): adopts the token another
     * tab refreshed, or refreshes it and hands it over; provided with the lock, storage and session call.
     * Its code loads with the first refresh (only a signed-in session refreshes; machines/lazy.ts).
     */
    refreshLock: lazyLogic(() => import('./accounts/refresh-lock.machine').then((m): typeof refreshLockMachine => m.refreshLockMachine)),
    /**
     * Listens on SESSION_CHANNEL (BroadcastChannel) for the whole session: sends `tab.handoff` for a
     * token handed over under the lock and `tab.otherRefreshed` when another tab refreshed.
     */
    tabChannel: fromCallback<SessionEvent>(() => {}),
    /**
     * Listens to the `storage` event (fired only by other tabs' writes): mirrors the stored user into
     * this tab's store and sends `tab.userChanged` (null: that tab logged out).
     */
    tabStorage: fromCallback<SessionEvent>(() => {}),
    /** DELETE profile session; the machine goes on whether it succeeds or not. */
    logout: fromPromise<void>(async () => undefined),
  },
  delays: {
    refreshDelay: ({ context }) => refreshDelayMs(context.user?.expiresIn ?? 0, context.random()),
    otherTabRefreshDelay: ({ context }) => refreshDelayMs(context.user?.expiresIn ?? 0, context.random()) + OTHER_TAB_REFRESH_DELAY_MS,
    expiredAlertDelay: SESSION_EXPIRED_ALERT_DELAY_MS,
  },
  guards: {
    hasContent: ({ event }) => 'output' in event && event.output !== null && event.output !== undefined,
    expiredError: ({ event }) => 'error' in event && isSessionExpiredError(event.error),
    subjectMismatch: ({ context }) => subjectMismatch(context.user),
    onSignupPage: ({ context }) => context.signupPage,
    refreshedHere: ({ event }) => 'output' in event && (event.output as RefreshOutput).kind === 'refreshed',
    refreshFailed: ({ event }) => 'output' in event && (event.output as RefreshOutput).kind === 'failed',
    loggedOutElsewhere: ({ event }) => event.type === 'tab.userChanged' && event.content === null,
    signedInElsewhere: ({ event }) => event.type === 'tab.userChanged' && event.content !== null,
    /** Same profile and a token of that profile: adopt without rescheduling. */
    sameUser: ({ context, event }) => {
      if (event.type !== 'tab.userChanged' || event.content === null) return false;
      const next = toSessionUser(event.content);
      return next.profileId === context.user?.profileId && !subjectMismatch(next);
    },
  },
  actions: {
    // ── provided by the app (harmless defaults) ──
    /** Opens the request gate: calls waiting for the session check go on (src/api/gate.ts). */
    openGate: () => {},
    /** Removes the stored token / current user (local storage, token cookie). */
    clearSession: () => {},
    /** Removes the association session (session storage) of a manager. */
    clearAssociation: () => {},
    /** Goes to the site root when the current page requires login. */
    leaveProtectedPage: () => {},
    /** Opens the non-closeable sign-in modal. */
    openSignIn: () => {},
    /** Closes the sign-in modal (another tab signed in meanwhile). */
    closeSignIn: () => {},
    /** Pushes the session-expired alert. */
    showExpiredAlert: () => {},
    /** Pushes the refresh failure alert (SPEC §8 session refresh failure). */
    showRefreshError: (_, _params: { error: unknown }) => {},
    /** Replays the queued requests (their retries resolve the original callers). */
    replayQueue: (_, _params: { requestIds: string[] }) => {},
    /** Rejects the queued requests (the user did not sign in again). */
    rejectQueue: (_, _params: { requestIds: string[] }) => {},
    /** Tells other tabs (BroadcastChannel) that this tab refreshed the token. */
    broadcastRefresh: (_, _params: { content: SessionSource }) => {},
    // ── context ──
    setPage: assign({ signupPage: ({ context, event }) => (event.type === 'page.changed' ? event.signupPage : context.signupPage) }),
    adoptOutput: assign({
      user: ({ context, event }) => {
        if (!('output' in event) || !event.output) return context.user;
        const out = event.output as SessionSource | RefreshOutput;
        if (!('kind' in out)) return toSessionUser(out);
        return out.kind === 'failed' ? context.user : toSessionUser(out.content);
      },
    }),
    adoptContent: assign({
      user: ({ context, event }) => ('content' in event && event.content ? toSessionUser(event.content) : context.user),
    }),
    forgetUser: assign({ user: null }),
    keepHandoff: assign({ handoff: ({ context, event }) => (event.type === 'tab.handoff' ? event.token : context.handoff) }),
    forgetHandoff: assign({ handoff: null }),
    /** While refreshing, a handed-over token goes to the refresh lock (it checks it once it holds the lock). */
    forwardHandoff: sendTo('refreshLock', ({ event }) => event),
    enqueue: assign({
      queue: ({ context, event }) => (event.type === 'request.expired' ? [...context.queue, event.requestId] : context.queue),
    }),
    clearQueue: assign({ queue: () => [] }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: null,
    queue: [],
    signupPage: input?.signupPage ?? false,
    random: input?.random ?? Math.random,
    handoff: null,
  }),
  // The other tabs are heard for the whole life of the session.
  invoke: [
    { id: 'tabChannel', src: 'tabChannel' },
    { id: 'tabStorage', src: 'tabStorage' },
  ],
  initial: 'checking',
  on: {
    'page.changed': { actions: 'setPage' },
    'tab.handoff': { actions: 'keepHandoff' },
    // Outside a session (logged out, logging out) an expired call has nothing to wait for.
    'request.expired': { actions: { type: 'rejectQueue', params: ({ event }) => ({ requestIds: [event.requestId] }) } },
  },
  states: {
    checking: {
      exit: 'openGate',
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [{ guard: 'hasContent', target: 'loggedIn', actions: 'adoptOutput' }, { target: 'loggedOut' }],
        // An expired token is cleared; a transport failure keeps it for the next visit.
        onError: [{ guard: 'expiredError', target: 'loggedOut', actions: 'clearSession' }, { target: 'loggedOut' }],
      },
    },
    loggedOut: {
      entry: 'forgetUser',
      on: {
        'user.signedIn': { target: 'loggedIn', actions: 'adoptContent' },
        'tab.userChanged': { guard: 'signedInElsewhere', target: 'loggedIn', actions: 'adoptContent' },
      },
    },
    loggedIn: {
      initial: 'checkingToken',
      on: {
        'user.logout': { target: 'loggingOut' },
        'request.expired': [
          { guard: 'onSignupPage', target: 'expired', actions: 'enqueue' },
          { target: 'expired', actions: ['enqueue', 'openSignIn'] },
        ],
        'tab.userChanged': [
          { guard: 'loggedOutElsewhere', target: 'loggedOut', actions: ['clearAssociation', 'leaveProtectedPage'] },
          { guard: 'sameUser', actions: 'adoptContent' },
          // Another user (or a token of another subject): start over with the new user.
          { target: 'loggedIn', reenter: true, actions: ['adoptContent', 'clearAssociation'] },
        ],
      },
      states: {
        checkingToken: {
          always: [{ guard: 'subjectMismatch', target: 'refreshing' }, { target: 'waiting' }],
        },
        waiting: {
          after: { refreshDelay: { target: 'refreshing' } },
          on: { 'tab.otherRefreshed': { target: 'deferred', actions: 'adoptContent' } },
        },
        /** Another tab refreshed: ours waits the usual delay plus 60 s. */
        deferred: {
          after: { otherTabRefreshDelay: { target: 'refreshing' } },
          on: { 'tab.otherRefreshed': { target: 'deferred', reenter: true, actions: 'adoptContent' } },
        },
        /** Under the cross-tab lock (the refresh-lock child); the handed-over token is its to check. */
        refreshing: {
          exit: 'forgetHandoff',
          on: { 'tab.handoff': { actions: 'forwardHandoff' } },
          invoke: {
            id: 'refreshLock',
            src: 'refreshLock',
            input: ({ context }) => ({ handoff: context.handoff }),
            onDone: [
              {
                guard: 'refreshedHere',
                target: 'waiting',
                actions: [
                  'adoptOutput',
                  { type: 'broadcastRefresh', params: ({ event }) => ({ content: refreshedContent(event.output) }) },
                ],
              },
              // SPEC §8: error shown, then logout.
              {
                guard: 'refreshFailed',
                target: '#session.loggingOut',
                actions: {
                  type: 'showRefreshError',
                  params: ({ event }) => ({ error: 'error' in event.output ? event.output.error : null }),
                },
              },
              { target: 'waiting', actions: 'adoptOutput' },
            ],
            onError: {
              target: '#session.loggingOut',
              actions: { type: 'showRefreshError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    expired: {
      entry: ['forgetUser', 'clearSession'],
      after: { expiredAlertDelay: { actions: 'showExpiredAlert' } },
      on: {
        'request.expired': { actions: 'enqueue' },
        'user.signedIn': {
          target: 'loggedIn',
          actions: ['adoptContent', { type: 'replayQueue', params: ids }, 'clearQueue'],
        },
        'tab.userChanged': {
          guard: 'signedInElsewhere',
          target: 'loggedIn',
          actions: ['adoptContent', 'closeSignIn', { type: 'replayQueue', params: ids }, 'clearQueue'],
        },
        // The session is already cleared: logging out is rejecting the waiting calls and leaving.
        'user.cancelledSignIn': {
          target: 'loggedOut',
          actions: [{ type: 'rejectQueue', params: ids }, 'clearQueue', 'clearAssociation', 'leaveProtectedPage'],
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: ['clearSession', 'clearAssociation', 'leaveProtectedPage'] },
        onError: { target: 'loggedOut', actions: ['clearSession', 'clearAssociation', 'leaveProtectedPage'] },
      },
    },
  },
});

/** The token a refresh brought (only a `refreshed` output reaches broadcastRefresh). */
function refreshedContent(output: RefreshOutput): SessionSource {
  if (output.kind === 'failed') throw new Error('a failed refresh has no content');
  return output.content;
}

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
