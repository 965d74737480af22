import type { MachineEntry } from '../registry-types';
import { type SearchContext, searchMachine } from '../search.machine';
import { bookQuery, bookResults, noBooks, noPublishers, noTermQuery, publisherResults } from './fixtures';

/** Registry entry of the search page's machine (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = (s: Snap) => s.context as SearchContext;
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };

export const searchMachines: MachineEntry[] = [
  {
    id: 'search',
    title: 'Search page',
    description:
      'Site search (/search#search-{term}/books, publishers tab): no term → idle; loading → results, empty or failed (retry); page, sort and tab go to the URL and load; a new query from the URL (header, back) loads it.',
    machine: searchMachine,
    paths: {
      inputs: [{ query: bookQuery }, { query: noTermQuery }],
      events: (s) => {
        const { query } = ctx(s);
        return [
          // Query changes kept one step from the first query, so exploration ends.
          ...(query.term === 'harbour' && query.page === 1 && query.sort === 'relevance' && query.tab === 'books'
            ? [
                { type: 'user.page', page: 2 },
                { type: 'user.page', page: 0 },
                { type: 'user.sort', sort: 'newest' },
                { type: 'user.tab', tab: 'publishers' },
                { type: 'query.changed', query: noTermQuery },
                { type: 'query.changed', query: bookQuery },
              ]
            : [{ type: 'query.changed', query: bookQuery }]),
          ...(query.tab === 'publishers' ? [{ type: 'user.sort', sort: 'newest' }] : []),
          { type: 'user.retry' },
          ...(query.tab === 'books'
            ? [
                { type: 'xstate.done.actor.search', output: bookResults },
                { type: 'xstate.done.actor.search', output: noBooks },
              ]
            : [
                { type: 'xstate.done.actor.search', output: publisherResults },
                { type: 'xstate.done.actor.search', output: noPublishers },
              ]),
          { type: 'xstate.error.actor.search', error: networkError },
        ];
      },
      serializeState: (s) => {
        const c = ctx(s);
        return `${JSON.stringify(s.value)}|${JSON.stringify(c.query)}|${c.results?.content.list.length ?? '-'}`;
      },
    },
  },
];
