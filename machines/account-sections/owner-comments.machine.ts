import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { CommentPage, OwnerComment } from '../../src/contracts/comments';

/**
 * /account/comment (issue "Reading"): the owner's comments on their books, filtered held (awaiting
 * approval, comment_mode 1) or published. States: loading → loaded | empty | failed. From loaded
 * the owner approves (held only) or deletes one comment at a time: the row leaves the list at once
 * and comes back at its place when the server refuses (SPEC §4: a delete failure restores the item).
 */

export type CommentFilter = 'held' | 'published';

export interface OwnerCommentsContext {
  filter: CommentFilter;
  items: OwnerComment[];
  total: number;
  /** The comment being approved or deleted, and where it was (restored there on failure). */
  pending: { item: OwnerComment; index: number } | null;
}

export type OwnerCommentsEvent =
  | { type: 'user.filter'; filter: CommentFilter }
  | { type: 'user.retry' }
  | { type: 'user.approve'; id: string }
  | { type: 'user.delete'; id: string };

const take = (context: OwnerCommentsContext, id: string) => {
  const index = context.items.findIndex((c) => c.id === id);
  const item = context.items[index];
  return item ? { item, index } : null;
};
export const ownerCommentsMachine = setup({
  types: {
    context: {} as OwnerCommentsContext,
    events: {} as OwnerCommentsEvent,
    input: {} as { filter?: CommentFilter } | undefined,
  },
  actors: {
    loadComments: fromPromise<CommentPage<OwnerComment>, { filter: CommentFilter }>(async () => ({
      list: [],
      total: 0,
      start: 0,
      step: { current: 20 },
    })),
    approveComment: fromPromise<unknown, { id: string }>(async () => undefined),
    deleteComment: fromPromise<unknown, { id: string }>(async () => undefined),
  },
  actions: {
    /** Takes the comment out of the list at once, remembering where it was. */
    removePending: assign(({ context, event }) => {
      const pending = 'id' in event ? take(context, event.id) : null;
      return pending ? { pending, items: context.items.filter((c) => c.id !== pending.item.id) } : {};
    }),
    /** Puts it back where it was (the server refused). */
    restore: assign(({ context }) => {
      const p = context.pending;
      if (!p) return {};
      const items = [...context.items];
      items.splice(p.index, 0, p.item);
      return { items, pending: null };
    }),
    settle: assign(({ context }) => ({ pending: null, total: Math.max(0, context.total - 1) })),
    /** The row came back: tell the owner why (the app shows the server's error as an alert). */
    notifyFailed: () => {},
  },
  guards: {
    emptyPage: (_, params: { count: number }) => params.count === 0,
    listed: ({ context, event }) => 'id' in event && context.items.some((c) => c.id === event.id),
    approvable: ({ context, event }) => context.filter === 'held' && 'id' in event && context.items.some((c) => c.id === event.id),
    noneLeft: ({ context }) => context.items.length === 0,
    otherFilter: ({ context, event }) => event.type === 'user.filter' && event.filter !== context.filter,
  },
}).createMachine({
  id: 'ownerComments',
  context: ({ input }) => ({ filter: input?.filter ?? 'held', items: [], total: 0, pending: null }),
  initial: 'loading',
  on: {
    'user.filter': { guard: 'otherFilter', target: '.loading', actions: assign({ filter: ({ event }) => event.filter }) },
  },
  states: {
    loading: {
      entry: assign({ items: [], pending: null }),
      invoke: {
        id: 'loadComments',
        src: 'loadComments',
        input: ({ context }) => ({ filter: context.filter }),
        onDone: [
          {
            guard: { type: 'emptyPage', params: ({ event }) => ({ count: event.output.list.length }) },
            target: 'empty',
            actions: assign({ total: 0 }),
          },
          { target: 'loaded', actions: assign({ items: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        ],
        onError: 'failed',
      },
    },
    empty: { on: { 'user.retry': 'loading' } },
    failed: { on: { 'user.retry': 'loading' } },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.retry': '#ownerComments.loading',
            'user.approve': { guard: 'approvable', target: 'approving', actions: 'removePending' },
            'user.delete': { guard: 'listed', target: 'deleting', actions: 'removePending' },
          },
        },
        approving: {
          invoke: {
            id: 'approveComment',
            src: 'approveComment',
            input: ({ context }) => ({ id: context.pending?.item.id ?? '' }),
            onDone: [
              { guard: 'noneLeft', target: '#ownerComments.empty', actions: 'settle' },
              { target: 'idle', actions: 'settle' },
            ],
            onError: { target: 'idle', actions: ['restore', 'notifyFailed'] },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteComment',
            src: 'deleteComment',
            input: ({ context }) => ({ id: context.pending?.item.id ?? '' }),
            onDone: [
              { guard: 'noneLeft', target: '#ownerComments.empty', actions: 'settle' },
              { target: 'idle', actions: 'settle' },
            ],
            onError: { target: 'idle', actions: ['restore', 'notifyFailed'] },
          },
        },
      },
    },
  },
});

/** A running ownerCommentsMachine, as the views get it. */
export type OwnerCommentsActorRef = ActorRefFrom<typeof ownerCommentsMachine>;
