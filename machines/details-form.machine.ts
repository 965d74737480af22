import { assign, fromPromise, setup } from 'xstate';

export type Details = Record<string, string>;
export interface DetailsContext {
  values: Details;
  /** What the server has (a save makes the values the new baseline). */
  saved: Details;
  errorId: string | null;
}
export type DetailsEvent = { type: 'user.setField'; field: string; value: string } | { type: 'user.submit' } | { type: 'user.reset' };

/**
 * A settings form of the account area (personal details first): edit, save, saved or failed; nothing is
 * lost on failure (the values stay and the error shows); reset returns to what the server has.
 */
export const detailsFormMachine = setup({
  types: { context: {} as DetailsContext, events: {} as DetailsEvent, input: {} as { values: Details } },
  actors: {
    save: fromPromise<Details, Details>(async ({ input }) => input),
  },
  actions: {
    /** Success alert and user refresh; provided by the app. */
    notifySaved: () => {},
  },
  guards: {
    changed: ({ context }) => JSON.stringify(context.values) !== JSON.stringify(context.saved),
  },
}).createMachine({
  id: 'detailsForm',
  context: ({ input }) => ({ values: input.values, saved: input.values, errorId: null }),
  initial: 'pristine',
  on: {
    'user.setField': {
      target: '.dirty',
      actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }), errorId: null }),
    },
  },
  states: {
    pristine: {},
    dirty: {
      on: {
        'user.submit': { guard: 'changed', target: 'saving' },
        'user.reset': { target: 'pristine', actions: assign({ values: ({ context }) => context.saved, errorId: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.values,
        onDone: {
          target: 'saved',
          actions: [assign({ saved: ({ event }) => event.output, values: ({ event }) => event.output }), 'notifySaved'],
        },
        onError: {
          target: 'dirty',
          actions: assign({
            errorId: ({ event }) =>
              (event.error as { code?: number; type?: string })?.type
                ? `errors.${(event.error as { type: string }).type}.${(event.error as { code: number }).code}`
                : 'commons.requestError',
          }),
        },
      },
    },
    saved: {},
  },
});
