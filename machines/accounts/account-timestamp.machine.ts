import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';

/**
 * SPEC §7 responses: when a response's account timestamp (ats) is newer than the stored one, the user
 * is refreshed. A session answer carries the ats itself, so while any session fetch is in flight (the
 * session check, a refresh under the lock, a post-login step's refresh, or this machine's own) a newer
 * ats is only recorded — the stored user then keeps the highest seen — and one refresh runs at a time.
 */
export interface AccountTimestampContext {
  /** Session fetches in flight (from whichever caller). */
  inFlight: number;
  /** Highest ats any response carried (0: none yet). */
  seen: number;
}

export type AccountTimestampEvent =
  /** A response carried an ats newer than the stored one (the API client's `onAts`). */
  | { type: 'ats.newer'; ats: number }
  /** A session fetch started / ended (every caller reports both). */
  | { type: 'session.fetching' }
  | { type: 'session.fetched' };

export const accountTimestampMachine = setup({
  types: { context: {} as AccountTimestampContext, events: {} as AccountTimestampEvent },
  actors: {
    /** GETs the session and stores the user (with the highest ats seen). */
    refreshUser: fromPromise<unknown>(async () => undefined),
  },
  guards: {
    fetchInFlight: ({ context }) => context.inFlight > 0,
  },
  actions: {
    recordAts: assign({ seen: ({ context, event }) => (event.type === 'ats.newer' ? Math.max(context.seen, event.ats) : context.seen) }),
    countFetch: assign({ inFlight: ({ context }) => context.inFlight + 1 }),
    uncountFetch: assign({ inFlight: ({ context }) => Math.max(0, context.inFlight - 1) }),
  },
}).createMachine({
  id: 'accountTimestamp',
  context: { inFlight: 0, seen: 0 },
  initial: 'idle',
  on: {
    'session.fetching': { actions: 'countFetch' },
    'session.fetched': { actions: 'uncountFetch' },
  },
  states: {
    idle: {
      on: {
        'ats.newer': [
          // The answer in flight brings the user with its ats: nothing more to fetch.
          { guard: 'fetchInFlight', actions: 'recordAts' },
          { target: 'refreshing', actions: 'recordAts' },
        ],
      },
    },
    refreshing: {
      on: { 'ats.newer': { actions: 'recordAts' } },
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        // A failure is silent: the next newer ats tries again.
        onDone: { target: 'idle' },
        onError: { target: 'idle' },
      },
    },
  },
});

export type AccountTimestampActorRef = ActorRefFrom<typeof accountTimestampMachine>;
