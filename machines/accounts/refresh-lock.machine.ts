import { type ActorRefFrom, type AnyActorRef, assign, fromCallback, fromPromise, setup } from 'xstate';
import { REFRESH_LOCK_HANDOFF_MS } from '../constants';
import { type AdoptedToken, isFresh, sourceOf, tokenSubject } from './token';
import type { HandedOverToken, SessionSource, StoredToken } from './types';

export type { AdoptedToken } from './token';
// In ./token.ts (the session's tab listener uses it in the first load; this machine loads on demand).
export { sourceOf } from './token';
export type { HandedOverToken, StoredToken } from './types';

/**
 * What a refresh ends with: `refreshed` when this tab called the server, `adopted` when another tab had
 * already refreshed the token (no call), `failed` with the error of the session call.
 */
export type RefreshOutput = { kind: 'refreshed' | 'adopted'; content: SessionSource } | { kind: 'failed'; error: unknown };

/** What reading the stored user under the lock answers: the stored token and the clock at that moment. */
export interface StoredRead {
  stored: StoredToken | null;
  /** Epoch ms of the read (the freshness test compares the tokens' issue times with it). */
  now: number;
}

export interface RefreshLockInput {
  /** The newest token another tab handed over before this refresh began (null: none). */
  handoff: HandedOverToken | null;
}

export interface RefreshLockContext {
  /** The newest handed-over token, checked once the lock is held. */
  handoff: HandedOverToken | null;
  /** Set on the way to a final state. */
  result: RefreshOutput | null;
}

/** The lock holder's input: the refresh lock it holds the browser lock for. */
export interface HoldLockInput {
  holder: AnyActorRef;
}

export type RefreshLockEvent =
  /** From `holdLock`: this tab holds the cross-tab lock (at once when the browser has no navigator.locks). */
  | { type: 'lock.acquired' }
  /** Forwarded by the session: another tab handed its new token over while it held the lock. */
  | { type: 'tab.handoff'; token: HandedOverToken };

/** The token's subject is the profile it came with. */
const ownSubject = ({ session, profile }: { session: { access_token: string }; profile: { id: string } }) =>
  tokenSubject(session.access_token) === profile.id;

/** The handed-over token with the times a stored one has (issued when received). */
const handoffTimes = (h: HandedOverToken) => ({ issued_at: h.receivedAt, expires_at: h.receivedAt + h.content.session.expires_in * 1000 });

/**
 * The cross-tab refresh lock (SPEC §4 Session; TECH-NOTES "Cross-tab refresh lock"), a child of the
 * session machine while it refreshes. It waits for the browser-wide lock, then re-reads the stored
 * token: when another tab refreshed it meanwhile (the stored token, or the one that tab handed over
 * on the channel, is still in the first half of its life, and its subject is its profile) it adopts it
 * without a call. Otherwise it
 * GETs the session, hands the new token over to the tab waiting for the lock and keeps the lock
 * REFRESH_LOCK_HANDOFF_MS longer so the message (and the storage write) reaches it before it re-checks.
 * Leaving `locked` releases the lock, and so does a failure of this machine (the lock holder watches it).
 */
export const refreshLockMachine = setup({
  types: {
    context: {} as RefreshLockContext,
    events: {} as RefreshLockEvent,
    input: {} as RefreshLockInput,
    output: {} as RefreshOutput,
  },
  actors: {
    /**
     * Requests the lock SESSION_REFRESH_LOCK (navigator.locks), sends `lock.acquired`, holds it until
     * stopped — or until `holder` (this machine's actor) fails: xstate stops no child of an actor that
     * failed, and a lock kept by an orphan would stop every tab's refresh.
     */
    holdLock: fromCallback<RefreshLockEvent, HoldLockInput>(() => {}),
    /** Reads the stored user (local storage, shared by the tabs) and the clock. */
    readStoredToken: fromPromise<StoredRead>(async () => ({ stored: null, now: 0 })),
    /** GETs the session with the current token and stores the answer (the new token). */
    fetchSession: fromPromise<SessionSource>(async () => {
      throw new Error('fetchSession is not provided');
    }),
  },
  delays: { handOffHold: REFRESH_LOCK_HANDOFF_MS },
  guards: {
    /**
     * The stored token is in the first half of its life (another tab refreshed it) and of its own
     * profile: a token whose subject is another profile is what the refresh must replace (SPEC §4),
     * never adopted, however new.
     */
    storedFresh: (_, { stored, now }: StoredRead) => stored !== null && isFresh(stored.session, now) && ownSubject(stored),
    /** The token another tab handed over is in the first half of its life (its storage write may lag) and of its own profile. */
    handoffFresh: ({ context }, { now }: StoredRead) =>
      context.handoff !== null && isFresh(handoffTimes(context.handoff), now) && ownSubject(context.handoff.content),
  },
  actions: {
    // ── provided by the app ──
    /** Makes the adopted token this tab's current user (in memory and in local storage). */
    storeToken: (_, _params: { token: AdoptedToken }) => {},
    /** Posts the new token on SESSION_CHANNEL for the tab waiting for the lock. */
    postHandoff: (_, _params: { content: SessionSource }) => {},
    // ── context ──
    keepHandoff: assign({ handoff: ({ context, event }) => (event.type === 'tab.handoff' ? event.token : context.handoff) }),
  },
}).createMachine({
  id: 'refreshLock',
  context: ({ input }) => ({ handoff: input.handoff, result: null }),
  initial: 'locked',
  states: {
    locked: {
      invoke: { id: 'holdLock', src: 'holdLock', input: ({ self }) => ({ holder: self }) },
      on: { 'tab.handoff': { actions: 'keepHandoff' } },
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'lock.acquired': { target: 'reading' } },
        },
        /** Holding the lock: did another tab refresh while this one waited? */
        reading: {
          invoke: {
            id: 'readStoredToken',
            src: 'readStoredToken',
            onDone: [
              {
                guard: { type: 'storedFresh', params: ({ event }) => event.output },
                target: '#refreshLock.adopted',
                actions: [
                  {
                    type: 'storeToken',
                    params: ({ event }) => ({ token: { from: 'stored', stored: event.output.stored as StoredToken } }),
                  },
                  assign({ result: ({ event }) => adopted({ from: 'stored', stored: event.output.stored as StoredToken }, event.output) }),
                ],
              },
              {
                guard: { type: 'handoffFresh', params: ({ event }) => event.output },
                target: '#refreshLock.adopted',
                actions: [
                  {
                    type: 'storeToken',
                    params: ({ context, event }) => ({ token: handedOver(context, event.output) }),
                  },
                  assign({ result: ({ context, event }) => adopted(handedOver(context, event.output), event.output) }),
                ],
              },
              { target: 'fetching' },
            ],
            onError: {
              target: '#refreshLock.failed',
              actions: assign({ result: ({ event }) => ({ kind: 'failed', error: event.error }) }),
            },
          },
        },
        fetching: {
          invoke: {
            id: 'fetchSession',
            src: 'fetchSession',
            onDone: {
              target: 'handingOff',
              actions: [
                { type: 'postHandoff', params: ({ event }) => ({ content: event.output }) },
                assign({ result: ({ event }) => ({ kind: 'refreshed', content: event.output }) }),
              ],
            },
            onError: {
              target: '#refreshLock.failed',
              actions: assign({ result: ({ event }) => ({ kind: 'failed', error: event.error }) }),
            },
          },
        },
        /** The new token is handed over; the lock is kept a moment for it to arrive. */
        handingOff: {
          after: { handOffHold: { target: '#refreshLock.refreshed' } },
        },
      },
    },
    adopted: { type: 'final' },
    refreshed: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => context.result ?? { kind: 'failed', error: new Error('the refresh lock ended without a result') },
});

function handedOver(context: RefreshLockContext, read: StoredRead): AdoptedToken {
  return { from: 'handoff', handoff: context.handoff as HandedOverToken, stored: read.stored };
}

function adopted(token: AdoptedToken, read: StoredRead): RefreshOutput {
  return { kind: 'adopted', content: sourceOf(token, read.now) };
}

export type RefreshLockActorRef = ActorRefFrom<typeof refreshLockMachine>;
