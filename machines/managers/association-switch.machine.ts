import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { AssociationChild } from '../../src/contracts/managers';
import { errorMessageId } from '../accounts/errors';

/**
 * The header's child-account selector of a manager (SPEC §4 Impersonation, issue 20): loading its
 * children (`GET {api}/account/manager/association/?step=200`, as itself) → ready (or failed: retry).
 * Choosing a child stores the association session and reloads; choosing the manager's own account clears
 * it and reloads (`switching` runs both, the page then starts again).
 */
export interface AssociationSwitchContext {
  children: AssociationChild[];
  error: string | null;
  /** The child chosen (null: the manager's own account). */
  chosen: AssociationChild | null;
}

export type AssociationSwitchEvent = { type: 'user.retry' } | { type: 'user.choose'; id: string | null };

export const associationSwitchMachine = setup({
  types: {
    context: {} as AssociationSwitchContext,
    events: {} as AssociationSwitchEvent,
  },
  actors: {
    loadChildren: fromPromise<AssociationChild[]>(async () => []),
  },
  actions: {
    /** Writes (a child) or clears (null) the association session in session storage. */
    storeAssociation: (_, _params: { child: AssociationChild | null }) => {},
    /** Reloads the page, which then acts for the chosen account. */
    reload: () => {},
  },
  guards: {
    knownChoice: ({ context }, params: { id: string | null }) =>
      params.id === null || context.children.some((c) => c.child.id === params.id),
  },
}).createMachine({
  id: 'associationSwitch',
  context: { children: [], error: null, chosen: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadChildren',
        src: 'loadChildren',
        onDone: { target: 'ready', actions: assign({ children: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageId(event.error) }) },
      },
    },
    failed: {
      on: {
        'user.retry': 'loading',
        // Back to the own account needs no list (a stale association is cleared this way).
        'user.choose': {
          guard: { type: 'knownChoice', params: ({ event }) => ({ id: event.id }) },
          target: 'switching',
          actions: assign({ chosen: null }),
        },
      },
    },
    ready: {
      on: {
        'user.choose': {
          guard: { type: 'knownChoice', params: ({ event }) => ({ id: event.id }) },
          target: 'switching',
          actions: assign({ chosen: ({ context, event }) => context.children.find((c) => c.child.id === event.id) ?? null }),
        },
      },
    },
    switching: {
      type: 'final',
      entry: [{ type: 'storeAssociation', params: ({ context }) => ({ child: context.chosen }) }, 'reload'],
    },
  },
});

export type AssociationSwitchActorRef = ActorRefFrom<typeof associationSwitchMachine>;
