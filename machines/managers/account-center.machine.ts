import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { AccountCenter } from '../../src/contracts/managers';
import { errorMessageId } from '../accounts/errors';

/**
 * /account/account-center (issue 20; SPEC §2 account menu): a manager's multi-account centre — its child
 * accounts with their figures and the totals over all of them (`GET {api}/account/manager/center`, as
 * itself). loading → list (or empty) or failed (retry). "Switch to this account" and, inside an
 * association session, "Back to my account" go to `switching`, whose `chooseAccount` is what the header's
 * selector does: the app sends the choice to the association-switch machine
 * (machines/managers/association-switch.machine.ts), which stores or clears the association session and
 * reloads — there is one switch, not two.
 */
export interface AccountCenterInput {
  /** The child account the manager acts for now (the stored association session), or null: its own. */
  current: string | null;
}

export interface AccountCenterContext {
  current: string | null;
  center: AccountCenter | null;
  error: string | null;
  /** The account chosen in `switching` (null: the manager's own). */
  chosen: string | null;
}

export type AccountCenterEvent = { type: 'user.retry' } | { type: 'user.switch'; id: string } | { type: 'user.back' };

export const accountCenterMachine = setup({
  types: {
    context: {} as AccountCenterContext,
    events: {} as AccountCenterEvent,
    input: {} as AccountCenterInput,
  },
  actors: {
    loadCenter: fromPromise<AccountCenter>(async () => {
      throw new Error('loadCenter is provided by the app');
    }),
  },
  actions: {
    /** The header's switch: a child (stores the association session) or null (clears it); both reload. */
    chooseAccount: (_, _params: { id: string | null }) => {},
  },
  guards: {
    hasChildren: (_, params: { center: AccountCenter }) => params.center.list.length > 0,
    /** One of the listed children, other than the one the manager acts for already. */
    otherChild: ({ context }, params: { id: string }) =>
      params.id !== context.current && (context.center?.list.some((c) => c.child.id === params.id) ?? false),
    acting: ({ context }) => context.current !== null,
  },
}).createMachine({
  id: 'accountCenter',
  context: ({ input }) => ({ current: input.current, center: null, error: null, chosen: null }),
  initial: 'loading',
  on: {
    // From any state: back to the manager's own account (also while the list loads, failed or is empty).
    'user.back': { guard: 'acting', target: '.switching', actions: assign({ chosen: null }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadCenter',
        src: 'loadCenter',
        onDone: [
          {
            guard: { type: 'hasChildren', params: ({ event }) => ({ center: event.output }) },
            target: 'list',
            actions: assign({ center: ({ event }) => event.output, error: null }),
          },
          { target: 'empty', actions: assign({ center: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageId(event.error) }) },
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    empty: {},
    list: {
      on: {
        'user.switch': {
          guard: { type: 'otherChild', params: ({ event }) => ({ id: event.id }) },
          target: 'switching',
          actions: assign({ chosen: ({ event }) => event.id }),
        },
      },
    },
    switching: {
      // The page reloads from here (the association-switch machine's `reload`).
      type: 'final',
      entry: { type: 'chooseAccount', params: ({ context }) => ({ id: context.chosen }) },
    },
  },
});

export type AccountCenterActorRef = ActorRefFrom<typeof accountCenterMachine>;
