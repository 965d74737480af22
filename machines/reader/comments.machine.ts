import { assign, fromPromise, setup } from 'xstate';
import type { CommentPage, PostCommentContent, PublicComment, SubscriptionState } from '../../src/contracts/comments';
import { COMMENT_TEXT_MAX } from '../constants';

/**
 * The reader's comments panel and "follow the publisher" button (issue "Reading"; SPEC §3 Book
 * comment_mode 4 accept, 1 moderate, 0 refuse; subscribe_mode 0/1). Two regions:
 *   panel   closed | loading → ready | failed; in ready, a form (idle → posting → idle (published)
 *           | held (awaits the publisher) | postFailed) and "more" (loading the next page).
 *   follow  checking → off | on, toggled through subscribing / unsubscribing (signed-in readers
 *           only); a refused toggle restores the previous state (SPEC §4 failure restore).
 * The reader starts this machine only for books that take comments (comment_mode ≠ 0) or followers
 * (subscribe_mode 1) and shows only the parts the book allows; an anonymous reader's check answers
 * "not following" without a call.
 * Side effects are the named actors below (the reader provides fetch calls; tests provide fakes).
 */

export interface CommentsInput {
  /** A signed-in user was found (the app's stored session): only they can post and follow. */
  signedIn: boolean;
}

export interface CommentsContext extends CommentsInput {
  comments: PublicComment[];
  total: number;
  draft: string;
}

export type CommentsEvent =
  | { type: 'user.open' }
  | { type: 'user.close' }
  | { type: 'user.toggle' }
  | { type: 'user.retry' }
  | { type: 'user.more' }
  | { type: 'user.type'; text: string }
  | { type: 'user.post' }
  | { type: 'user.follow' };

const draftOk = (draft: string) => {
  const n = draft.trim().length;
  return n > 0 && n <= COMMENT_TEXT_MAX;
};

export const commentsMachine = setup({
  types: {
    context: {} as CommentsContext,
    events: {} as CommentsEvent,
    input: {} as CommentsInput,
  },
  actors: {
    loadComments: fromPromise<CommentPage<PublicComment>, { start: number }>(async () => ({
      list: [],
      total: 0,
      start: 0,
      step: { current: 20 },
    })),
    postComment: fromPromise<PostCommentContent, { text: string }>(async () => {
      throw new Error('postComment not provided');
    }),
    loadSubscription: fromPromise<SubscriptionState>(async () => ({ subscribed: false })),
    setSubscription: fromPromise<SubscriptionState, { on: boolean }>(async ({ input }) => ({ subscribed: input.on })),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    canPost: ({ context }) => context.signedIn && draftOk(context.draft),
    hasMore: ({ context }) => context.comments.length < context.total,
    heldAnswer: (_, params: { status: string }) => params.status === 'held',
  },
}).createMachine({
  id: 'readerComments',
  type: 'parallel',
  context: ({ input }) => ({ ...input, comments: [], total: 0, draft: '' }),
  states: {
    panel: {
      initial: 'closed',
      // The form shows while the comments load (or failed to): what is typed then is kept.
      on: { 'user.type': { actions: assign({ draft: ({ event }) => event.text.slice(0, COMMENT_TEXT_MAX + 1) }) } },
      states: {
        closed: {
          on: { 'user.open': 'loading', 'user.toggle': 'loading' },
        },
        loading: {
          invoke: {
            id: 'loadComments',
            src: 'loadComments',
            input: () => ({ start: 0 }),
            onDone: {
              target: 'ready',
              actions: assign({ comments: ({ event }) => event.output.list, total: ({ event }) => event.output.total }),
            },
            onError: 'failed',
          },
          on: { 'user.close': 'closed', 'user.toggle': 'closed' },
        },
        failed: {
          on: { 'user.retry': 'loading', 'user.close': 'closed', 'user.toggle': 'closed' },
        },
        ready: {
          type: 'parallel',
          on: {
            'user.close': 'closed',
            'user.toggle': 'closed',
          },
          states: {
            form: {
              initial: 'idle',
              states: {
                idle: { on: { 'user.post': { guard: 'canPost', target: 'posting' } } },
                posting: {
                  invoke: {
                    id: 'postComment',
                    src: 'postComment',
                    input: ({ context }) => ({ text: context.draft.trim() }),
                    onDone: [
                      {
                        guard: { type: 'heldAnswer', params: ({ event }) => ({ status: event.output.status }) },
                        target: 'held',
                        actions: assign({ draft: '' }),
                      },
                      {
                        target: 'idle',
                        actions: assign({
                          draft: '',
                          comments: ({ context, event }) => [event.output.comment, ...context.comments],
                          total: ({ context }) => context.total + 1,
                        }),
                      },
                    ],
                    onError: 'postFailed',
                  },
                },
                held: { on: { 'user.post': { guard: 'canPost', target: 'posting' } } },
                postFailed: { on: { 'user.post': { guard: 'canPost', target: 'posting' } } },
              },
            },
            more: {
              initial: 'idle',
              states: {
                idle: { on: { 'user.more': { guard: 'hasMore', target: 'loading' } } },
                loading: {
                  invoke: {
                    id: 'loadMore',
                    src: 'loadComments',
                    input: ({ context }) => ({ start: context.comments.length }),
                    onDone: {
                      target: 'idle',
                      actions: assign({
                        // A comment posted meanwhile may come again on the next page: keep one of each.
                        comments: ({ context, event }) => [
                          ...context.comments,
                          ...event.output.list.filter((c) => !context.comments.some((k) => k.id === c.id)),
                        ],
                        total: ({ event }) => event.output.total,
                      }),
                    },
                    onError: 'idle',
                  },
                },
              },
            },
          },
        },
      },
    },
    follow: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'loadSubscription',
            src: 'loadSubscription',
            onDone: [{ guard: ({ event }) => event.output.subscribed, target: 'on' }, { target: 'off' }],
            onError: 'off',
          },
        },
        off: { on: { 'user.follow': { guard: 'signedIn', target: 'subscribing' } } },
        on: { on: { 'user.follow': 'unsubscribing' } },
        subscribing: {
          invoke: { id: 'subscribe', src: 'setSubscription', input: { on: true }, onDone: 'on', onError: 'off' },
        },
        unsubscribing: {
          invoke: { id: 'unsubscribe', src: 'setSubscription', input: { on: false }, onDone: 'off', onError: 'on' },
        },
      },
    },
  },
});
