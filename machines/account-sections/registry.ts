import type { MachineEntry } from '../registry-types';
import { type AccountStatsContext, accountStatsMachine } from './account-stats.machine';
import { type ApiKeysContext, apiKeysMachine } from './api-keys.machine';
import {
  API_KEYS_TODAY,
  createdApiKey,
  heldPage,
  noComments,
  noSubscribers,
  onePage,
  pathEmptySummary,
  pathFreeSummary,
  pathSummary,
  pathTables,
  pathTablesFailed,
  publishedPage,
  STATS_TODAY,
  sampleApiKeys,
  sampleSources,
  subscribersFirst,
  subscribersRest,
} from './fixtures';
import { type OwnerCommentsContext, ownerCommentsMachine } from './owner-comments.machine';
import { presetQuery, validCustom } from './stats-query';
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
    title: 'Statistics dashboard',
    description:
      '/account/stats (issue 17): the account or one publication over a range (7, 30, 90 days, a year, custom days); the summary and the tables load in parallel, each failed panel retried alone or all at once, an empty state, the CSV export of a table (plans with the export), the range and publication kept in the address.',
    machine: accountStatsMachine,
    paths: {
      input: { today: STATS_TODAY, query: presetQuery('30d', STATS_TODAY, null) },
      // One thing at a time (the calls settle before the person acts), so the regions do not multiply.
      events: (s: Snap) => {
        const c = s.context as AccountStatsContext;
        const v = (s.value as { dashboard: Record<string, unknown> }).dashboard;
        if (v.summary === 'loading')
          return [
            { type: 'xstate.done.actor.loadSummary', output: pathSummary },
            { type: 'xstate.done.actor.loadSummary', output: pathFreeSummary },
            { type: 'xstate.done.actor.loadSummary', output: pathEmptySummary },
            { type: 'xstate.error.actor.loadSummary', error: networkError },
          ];
        if (v.tables === 'loading')
          return [
            { type: 'xstate.done.actor.loadTables', output: pathTables },
            { type: 'xstate.done.actor.loadTables', output: pathTablesFailed },
            { type: 'xstate.error.actor.loadTables', error: networkError },
          ];
        if (v.tables === 'retrying')
          return [
            { type: 'xstate.done.actor.loadPanel', output: sampleSources.slice(0, 1) },
            { type: 'xstate.error.actor.loadPanel', error: networkError },
          ];
        if (v.export === 'exporting')
          return [
            { type: 'xstate.done.actor.exportTable', output: 'source,host,views,readers\r\ndirect,,290,211\r\n' },
            { type: 'xstate.error.actor.exportTable', error: networkError },
          ];
        if (v.picker === 'open')
          return [
            { type: 'user.draft', from: '2026-11-02', to: '2026-11-15' },
            { type: 'user.draft', from: '2026-11-02', to: null },
            { type: 'user.apply' },
            { type: 'user.cancel' },
          ];
        return [
          { type: 'user.range', range: c.query.range === '7d' ? '30d' : '7d' },
          { type: 'user.range', range: c.query.range === 'custom' ? '30d' : c.query.range },
          { type: 'user.book', book: c.query.book ? null : 'b1' },
          { type: 'user.book', book: c.query.book },
          { type: 'user.retry' },
          { type: 'user.retryPanel', panel: 'summary' },
          { type: 'user.retryPanel', panel: 'sources' },
          { type: 'user.retryPanel', panel: 'countries' },
          { type: 'user.custom' },
          { type: 'user.export', table: 'sources' },
          { type: 'user.export', table: 'pages' },
        ];
      },
      serializeState: (s) => {
        const c = s.context as AccountStatsContext;
        const draft = c.draft ? String(validCustom(c.draft.from, c.draft.to, c.today)) : '-';
        const range = c.query.range === 'custom' ? 'custom' : 'preset';
        return `${JSON.stringify(s.value)}|${range}|${c.query.book ?? '-'}|${c.summary?.can_export ?? '-'}|${c.failed.join(',')}|${draft}`;
      },
    },
  },
  {
    id: 'apiKeys',
    title: 'API keys',
    description:
      '/account/apikey (issue 18): the account’s API keys; loading, empty, failed with retry; the create dialog (name, rights, optional expiry) validated before it is sent, the secret shown once until the person says they stored it; revoking after a confirmation; refusals (the key limit, the network) shown.',
    machine: apiKeysMachine,
    paths: {
      input: { today: API_KEYS_TODAY },
      events: (s: Snap) => {
        const c = s.context as ApiKeysContext;
        const live = c.items.find((k) => k.revoked_at === null);
        const revoked = c.items.find((k) => k.revoked_at !== null);
        return [
          { type: 'user.retry' },
          { type: 'xstate.done.actor.loadKeys', output: sampleApiKeys },
          { type: 'xstate.done.actor.loadKeys', output: [] },
          { type: 'xstate.error.actor.loadKeys', error: networkError },
          { type: 'user.openCreate' },
          { type: 'user.name', value: c.draft.name === '' ? 'Build server' : '' },
          { type: 'user.right', right: 'read', on: !c.draft.rights.includes('read') },
          { type: 'user.expiry', value: c.draft.expiry === '' ? '2026-11-28' : '' },
          { type: 'user.submit' },
          { type: 'user.cancel' },
          { type: 'xstate.done.actor.createKey', output: createdApiKey },
          {
            type: 'xstate.error.actor.createKey',
            error: { name: 'ApiCallError', kind: 'server', type: 'APIKEY', code: 1001, status: 409 },
          },
          { type: 'user.stored', on: !c.stored },
          { type: 'user.close' },
          { type: 'user.revoke', id: live?.id ?? 'k1' },
          { type: 'user.revoke', id: revoked?.id ?? 'missing' },
          { type: 'user.confirmRevoke' },
          { type: 'user.cancelRevoke' },
          { type: 'xstate.done.actor.revokeKey', output: c.items.map((k) => (k.id === c.revoking?.id ? { ...k, revoked_at: 1 } : k)) },
          { type: 'xstate.error.actor.revokeKey', error: networkError },
        ];
      },
      serializeState: (s) => {
        const c = s.context as ApiKeysContext;
        // Only what guards read: any keys, any live key, the draft's validity, the stored box.
        const draft = `${c.draft.name !== ''}${c.draft.rights.length > 0}${c.draft.expiry !== ''}`;
        const live = c.items.some((k) => k.revoked_at === null);
        return `${JSON.stringify(s.value)}|${c.items.length > 0}:${live}|${draft}|${c.stored}`;
      },
    },
  },
];
