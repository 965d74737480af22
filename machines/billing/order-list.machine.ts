import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { OPEN_ORDER_STATES, ORDER_POLL_MS, type OrderView } from '../../src/contracts/billing';

/**
 * /account/order (issue 21): one's orders, newest first, and the order one comes back to from the
 * checkout (`/account/order?order=<id>`, the `focus`).
 *   loading → loaded | failed (Try again).
 *   loaded, two regions at once:
 *   - list: idle → confirming (Cancel on an open order: started or submitted) → cancelling → idle with
 *     the order's new state, or idle with the order unchanged and `cancelFailed` when the server refuses.
 *   - watch: while the focused order is submitted (the payment is on its way: the card provider's
 *     webhook, or the bank transfer the admin marks paid) it asks for that order every ORDER_POLL_MS;
 *     a paid, failed or cancelled order ends the watch (`orderSettled` tells the app, which refreshes
 *     the session: a paid plan shows at once). A failed call waits and asks again.
 * Side effects are the named actors and actions (the app provides them; tests fake them).
 */

export interface OrderBank {
  /** Bank transfer instructions (manual provider). */
  bank: string;
}

export interface OrderListContext extends OrderBank {
  orders: OrderView[];
  /** The order of `?order=<id>` (back from the checkout), or null. */
  focus: string | null;
  /** The order whose cancellation is being confirmed or sent. */
  pending: string | null;
  /** The last cancellation was refused (the order is unchanged). */
  cancelFailed: boolean;
}

export type OrderListEvent =
  | { type: 'user.retry' }
  | { type: 'user.cancel'; id: string }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' };

export interface OrderListPage extends OrderBank {
  orders: OrderView[];
}

const replaceOrder = (orders: OrderView[], order: OrderView) => orders.map((o) => (o.id === order.id ? order : o));

export const orderListMachine = setup({
  types: {
    context: {} as OrderListContext,
    events: {} as OrderListEvent,
    input: {} as { focus?: string | null } | undefined,
  },
  delays: { poll: ORDER_POLL_MS },
  actors: {
    loadOrders: fromPromise<OrderListPage>(async () => ({ orders: [], bank: '' })),
    getOrder: fromPromise<OrderView, { id: string }>(async () => {
      throw new Error('not provided');
    }),
    cancelOrder: fromPromise<OrderView, { id: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    /** The watched order is no longer on its way (paid, failed, cancelled): the app refreshes the session. */
    orderSettled: (_, _params: { order: OrderView }) => {},
  },
  guards: {
    cancellable: ({ context, event }) =>
      event.type === 'user.cancel' && context.orders.some((o) => o.id === event.id && OPEN_ORDER_STATES.includes(o.state)),
    focusSubmitted: ({ context }) => context.orders.some((o) => o.id === context.focus && o.state === 'submitted'),
    settled: (_, params: { order: OrderView }) => params.order.state !== 'submitted' && params.order.state !== 'started',
  },
}).createMachine({
  id: 'orderList',
  context: ({ input }) => ({
    orders: [],
    bank: '',
    focus: typeof input?.focus === 'string' && input.focus !== '' ? input.focus : null,
    pending: null,
    cancelFailed: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        onDone: {
          target: 'loaded',
          actions: assign({ orders: ({ event }) => event.output.orders, bank: ({ event }) => event.output.bank }),
        },
        onError: 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    loaded: {
      type: 'parallel',
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.cancel': {
                  guard: 'cancellable',
                  target: 'confirming',
                  actions: assign({ pending: ({ event }) => event.id, cancelFailed: false }),
                },
              },
            },
            confirming: {
              on: {
                'user.confirm': 'cancelling',
                'user.dismiss': { target: 'idle', actions: assign({ pending: null }) },
              },
            },
            cancelling: {
              invoke: {
                id: 'cancelOrder',
                src: 'cancelOrder',
                input: ({ context }) => ({ id: context.pending ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: assign({ orders: ({ context, event }) => replaceOrder(context.orders, event.output), pending: null }),
                },
                onError: { target: 'idle', actions: assign({ pending: null, cancelFailed: true }) },
              },
            },
          },
        },
        watch: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'focusSubmitted', target: 'waiting' }, { target: 'off' }] },
            waiting: { after: { poll: 'polling' } },
            polling: {
              invoke: {
                id: 'getOrder',
                src: 'getOrder',
                input: ({ context }) => ({ id: context.focus ?? '' }),
                onDone: [
                  {
                    guard: { type: 'settled', params: ({ event }) => ({ order: event.output }) },
                    target: 'off',
                    actions: [
                      assign({ orders: ({ context, event }) => replaceOrder(context.orders, event.output) }),
                      { type: 'orderSettled', params: ({ event }) => ({ order: event.output }) },
                    ],
                  },
                  { target: 'checking', actions: assign({ orders: ({ context, event }) => replaceOrder(context.orders, event.output) }) },
                ],
                onError: 'waiting',
              },
            },
            off: {},
          },
        },
      },
    },
  },
});

/** A running orderListMachine, as the account section gets it. */
export type OrderListActorRef = ActorRefFrom<typeof orderListMachine>;
