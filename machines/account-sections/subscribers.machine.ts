import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { CommentPage, Subscriber } from '../../src/contracts/comments';

/**
 * /account/subscriber (issue "Reading"): the readers following the publisher (subscribe_mode 1),
 * newest first, with their count. loading → loaded | empty | failed; "show more" pages on.
 */

export interface SubscribersContext {
  items: Subscriber[];
  total: number;
}

export type SubscribersEvent = { type: 'user.retry' } | { type: 'user.more' };

export const subscribersMachine = setup({
  types: { context: {} as SubscribersContext, events: {} as SubscribersEvent },
  actors: {
    loadSubscribers: fromPromise<CommentPage<Subscriber>, { start: number }>(async ({ input }) => ({
      list: [],
      total: 0,
      start: input.start,
      step: { current: 20 },
    })),
  },
  guards: {
    emptyPage: (_, params: { count: number }) => params.count === 0,
    hasMore: ({ context }) => context.items.length < context.total,
  },
}).createMachine({
  id: 'subscriberList',
  context: { items: [], total: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSubscribers',
        src: 'loadSubscribers',
        input: { start: 0 },
        onDone: [
          { guard: { type: 'emptyPage', params: ({ event }) => ({ count: event.output.list.length }) }, target: 'empty' },
          { target: 'loaded', actions: assign({ items: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        ],
        onError: 'failed',
      },
    },
    empty: { on: { 'user.retry': 'loading' } },
    failed: { on: { 'user.retry': 'loading' } },
    loaded: {
      initial: 'idle',
      on: { 'user.retry': '.reloading' },
      states: {
        idle: { on: { 'user.more': { guard: 'hasMore', target: 'more' } } },
        more: {
          invoke: {
            id: 'loadMore',
            src: 'loadSubscribers',
            input: ({ context }) => ({ start: context.items.length }),
            onDone: {
              target: 'idle',
              actions: assign({
                items: ({ context, event }) => [...context.items, ...event.output.list],
                total: ({ event }) => event.output.total,
              }),
            },
            onError: 'idle',
          },
        },
        reloading: {
          invoke: {
            id: 'reloadSubscribers',
            src: 'loadSubscribers',
            input: { start: 0 },
            onDone: {
              target: 'idle',
              actions: assign({ items: ({ event }) => event.output.list, total: ({ event }) => event.output.total }),
            },
            onError: 'idle',
          },
        },
      },
    },
  },
});

/** A running subscribersMachine, as the views get it. */
export type SubscribersActorRef = ActorRefFrom<typeof subscribersMachine>;
