import type { MachineEntry } from '../registry-types';
import { type CommentsContext, commentsMachine } from './comments.machine';

/** Registry entry of the reader's comments machine (listed in machines/reader/registry.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = (s: Snap) => s.context as CommentsContext;
const comment = (id: string) => ({ id, author_name: 'Ada', text: `Comment ${id}`, created_at: 1_700_000_000_000 });
const networkError = new Error('offline');

/** The first page (two comments of three) and the rest. */
const firstPage = { list: [comment('c3'), comment('c2')], total: 3, start: 0, step: { current: 2 } };
const emptyPage = { list: [], total: 0, start: 0, step: { current: 20 } };
const lastPage = { list: [comment('c1')], total: 3, start: 2, step: { current: 2 } };

export const commentsEntry: MachineEntry = {
  id: 'readerComments',
  title: 'Reader comments',
  description:
    "The reader's comments panel (list, paging, posting: published at once or held for the publisher) and the follow-the-publisher toggle with failure restore.",
  machine: commentsMachine,
  paths: {
    inputs: [{ signedIn: true }, { signedIn: false }],
    events: (s) => {
      const c = ctx(s);
      const v = s.value as { panel: unknown; follow: string };
      const ready = typeof v.panel === 'object' && v.panel !== null;
      return [
        { type: 'user.open' },
        { type: 'user.toggle' },
        { type: 'user.close' },
        { type: 'user.retry' },
        { type: 'xstate.done.actor.loadComments', output: firstPage },
        { type: 'xstate.done.actor.loadComments', output: emptyPage },
        { type: 'xstate.error.actor.loadComments', error: networkError },
        ...(ready
          ? [
              { type: 'user.type', text: c.draft ? '' : 'Lovely issue' },
              { type: 'user.post' },
              { type: 'xstate.done.actor.postComment', output: { status: 'published', comment: comment('c9') } },
              { type: 'xstate.done.actor.postComment', output: { status: 'held', comment: comment('c8') } },
              { type: 'xstate.error.actor.postComment', error: networkError },
              { type: 'user.more' },
              { type: 'xstate.done.actor.loadMore', output: lastPage },
              { type: 'xstate.error.actor.loadMore', error: networkError },
            ]
          : []),
        { type: 'user.follow' },
        { type: 'xstate.done.actor.loadSubscription', output: { subscribed: true } },
        { type: 'xstate.done.actor.loadSubscription', output: { subscribed: false } },
        { type: 'xstate.error.actor.loadSubscription', error: networkError },
        { type: 'xstate.done.actor.subscribe', output: { subscribed: true } },
        { type: 'xstate.error.actor.subscribe', error: networkError },
        { type: 'xstate.done.actor.unsubscribe', output: { subscribed: false } },
        { type: 'xstate.error.actor.unsubscribe', error: networkError },
      ];
    },
    serializeState: (s) => {
      const c = ctx(s);
      return `${JSON.stringify(s.value)}|${c.signedIn}|${c.draft ? 1 : 0}|${c.comments.length < c.total}`;
    },
    limit: 1000,
  },
};
