import { assign, setup } from 'xstate';

export interface OpenModal {
  id: string;
  /** Non-closeable modals (e.g. sign-up when a page requires login) ignore Escape and the backdrop. */
  closable: boolean;
  /** Full-screen modals close on route change and never by a backdrop click (SPEC §2). */
  full: boolean;
}
export interface ModalsContext {
  stack: OpenModal[];
}
export type ModalsEvent =
  | { type: 'modal.open'; id: string; closable?: boolean; full?: boolean }
  | { type: 'modal.close'; id?: string }
  | { type: 'key.escape' }
  | { type: 'backdrop.click' }
  | { type: 'route.changed' };

const top = (c: ModalsContext) => c.stack[c.stack.length - 1];
const without = (c: ModalsContext, id: string | undefined) => (id ? c.stack.filter((m) => m.id !== id) : c.stack.slice(0, -1));

/** The stack of open modals: Escape closes the top one if it may be closed; full modals close on route change. */
export const modalsMachine = setup({
  types: { context: {} as ModalsContext, events: {} as ModalsEvent },
  guards: {
    closingLast: ({ context, event }) => event.type === 'modal.close' && without(context, event.id).length === 0,
    topClosable: ({ context }) => top(context)?.closable === true,
    topClosableLast: ({ context }) => top(context)?.closable === true && context.stack.length === 1,
    topBackdropClosable: ({ context }) => top(context)?.closable === true && top(context)?.full === false,
    topBackdropClosableLast: ({ context }) => top(context)?.closable === true && top(context)?.full === false && context.stack.length === 1,
    onlyFull: ({ context }) => context.stack.every((m) => m.full),
  },
  actions: {
    push: assign({
      stack: ({ context, event }) =>
        event.type === 'modal.open'
          ? [
              ...context.stack.filter((m) => m.id !== event.id),
              { id: event.id, closable: event.closable ?? true, full: event.full ?? false },
            ]
          : context.stack,
    }),
    close: assign({ stack: ({ context, event }) => without(context, event.type === 'modal.close' ? event.id : undefined) }),
    popTop: assign({ stack: ({ context }) => context.stack.slice(0, -1) }),
    dropFull: assign({ stack: ({ context }) => context.stack.filter((m) => !m.full) }),
  },
}).createMachine({
  id: 'modals',
  context: { stack: [] },
  initial: 'closed',
  states: {
    closed: {
      on: { 'modal.open': { target: 'open', actions: 'push' } },
    },
    open: {
      on: {
        'modal.open': { actions: 'push' },
        'modal.close': [{ guard: 'closingLast', target: 'closed', actions: 'close' }, { actions: 'close' }],
        'key.escape': [
          { guard: 'topClosableLast', target: 'closed', actions: 'popTop' },
          { guard: 'topClosable', actions: 'popTop' },
        ],
        'backdrop.click': [
          { guard: 'topBackdropClosableLast', target: 'closed', actions: 'popTop' },
          { guard: 'topBackdropClosable', actions: 'popTop' },
        ],
        'route.changed': [{ guard: 'onlyFull', target: 'closed', actions: 'dropFull' }, { actions: 'dropFull' }],
      },
    },
  },
});
