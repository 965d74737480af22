import type { MachineEntry } from '../registry-types';
import { type AccountStatsContext, accountStatsMachine } from './account-stats.machine';
import {
  heldPage,
  noComments,
  noStats,
  noSubscribers,
  onePage,
  publishedPage,
  sampleStats,
  statsBooks,
  subscribersFirst,
  subscribersRest,
} from './fixtures';
import { type OwnerCommentsContext, ownerCommentsMachine } from './owner-comments.machine';
import { type SubscribersContext, subscribersMachine } from './subscribers.machine';

/** Registry entries of the account sections' machines (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };

export const accountSectionMachines: MachineEntry[] = [
  {
    id: 'ownerComments',
    title: 'Comment moderation',
    description:
      '/account/comment: held or published comments on the owner’s books; approve or delete one at a time, the row restored where it was when the server refuses.',
    machine: ownerCommentsMachine,
    paths: {
      events: (s: Snap) => {
        const c = s.context as OwnerCommentsContext;
        return [
          { type: 'user.filter', filter: c.filter === 'held' ? 'published' : 'held' },
          { type: 'user.filter', filter: c.filter },
          { type: 'user.retry' },
          { type: 'xstate.done.actor.loadComments', output: c.filter === 'held' ? heldPage : publishedPage },
          { type: 'xstate.done.actor.loadComments', output: onePage },
          { type: 'xstate.done.actor.loadComments', output: noComments },
          { type: 'xstate.error.actor.loadComments', error: networkError },
          { type: 'user.approve', id: 'c1' },
          { type: 'user.approve', id: 'missing' },
          { type: 'user.delete', id: 'c1' },
          { type: 'user.delete', id: 'missing' },
          { type: 'xstate.done.actor.approveComment', output: {} },
          { type: 'xstate.error.actor.approveComment', error: networkError },
          { type: 'xstate.done.actor.deleteComment', output: {} },
          { type: 'xstate.error.actor.deleteComment', error: networkError },
        ];
      },
      serializeState: (s) => {
        const c = s.context as OwnerCommentsContext;
        return `${JSON.stringify(s.value)}|${c.filter}|${c.items.map((i) => i.id).join(',')}|${c.pending?.item.id ?? ''}`;
      },
    },
  },
  {
    id: 'subscriberList',
    title: 'Subscribers',
    description: '/account/subscriber: the readers following the publisher, with their count; loading, empty, failed, show more, refresh.',
    machine: subscribersMachine,
    paths: {
      events: () => [
        { type: 'user.retry' },
        { type: 'user.more' },
        { type: 'xstate.done.actor.loadSubscribers', output: subscribersFirst },
        { type: 'xstate.done.actor.loadSubscribers', output: noSubscribers },
        { type: 'xstate.error.actor.loadSubscribers', error: networkError },
        { type: 'xstate.done.actor.loadMore', output: subscribersRest },
        { type: 'xstate.error.actor.loadMore', error: networkError },
        { type: 'xstate.done.actor.reloadSubscribers', output: subscribersFirst },
        { type: 'xstate.error.actor.reloadSubscribers', error: networkError },
      ],
      serializeState: (s) => {
        const c = s.context as SubscribersContext;
        return `${JSON.stringify(s.value)}|${c.items.length < c.total}`;
      },
    },
  },
  {
    id: 'accountStats',
    title: 'Reading statistics',
    description: '/account/stats: the owner’s publications, then the reading statistics of the chosen one (views, pages, time, devices).',
    machine: accountStatsMachine,
    paths: {
      events: () => [
        { type: 'user.retry' },
        { type: 'user.select', id: 'b2' },
        { type: 'user.select', id: 'b1' },
        { type: 'user.select', id: 'missing' },
        { type: 'xstate.done.actor.loadBooks', output: statsBooks },
        { type: 'xstate.done.actor.loadBooks', output: [] },
        { type: 'xstate.error.actor.loadBooks', error: networkError },
        { type: 'xstate.done.actor.loadStats', output: sampleStats },
        { type: 'xstate.done.actor.loadStats', output: noStats },
        { type: 'xstate.error.actor.loadStats', error: networkError },
      ],
      serializeState: (s) => {
        const c = s.context as AccountStatsContext;
        return `${JSON.stringify(s.value)}|${c.selected}|${c.books.length}|${c.stats ? c.stats.views : '-'}`;
      },
    },
  },
];
