import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ServerStatus } from '../src/contracts/status';

export type { ServerStatus } from '../src/contracts/status';

export interface StatusContext {
  /** The server's answer once it came (the footer shows its version). */
  status: ServerStatus | null;
}

/**
 * The server status the footer shows (SPEC §2 footer: the server version), asked once when the app
 * starts: `loadStatus` is the API client's `public/status` call, so a failing call raises its translated
 * alert like any other (the alert queue); without an answer the footer shows no version.
 */
export const statusMachine = setup({
  types: { context: {} as StatusContext },
  actors: {
    /** GET public/status (anonymous); the app provides it with the API client. */
    loadStatus: fromPromise<ServerStatus>(() => new Promise<never>(() => {})),
  },
}).createMachine({
  id: 'status',
  context: { status: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { target: 'known', actions: assign({ status: ({ event }) => event.output }) },
        onError: { target: 'unknown' },
      },
    },
    /** The server answered: its version shows. */
    known: {},
    /** The call failed (its alert showed): no version. */
    unknown: {},
  },
});

export type StatusActorRef = ActorRefFrom<typeof statusMachine>;
