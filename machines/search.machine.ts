import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { SearchSort, SearchTab } from '../src/contracts/search';
import { LAST_PAGE, type SearchQuery, type SearchResults, sameQuery } from './search/query';

/**
 * The search page (issue 15, SPEC §2 Search: `/search#search-{term}/books`, a publishers tab):
 *   idle (no term) · loading (the `search` actor) → found.results | found.empty | failed (retry).
 * The URL fragment leads: `query.changed` (a new term from the header, back and forward) loads that
 * query, and the machine's own changes (page, sort, tab) come back as an echo it ignores. Every change
 * the user makes here goes to the URL (`syncUrl`) and loads; a request under way is dropped for the
 * newer one.
 */

export interface SearchInput {
  query: SearchQuery;
}

export interface SearchContext {
  query: SearchQuery;
  results: SearchResults | null;
}

export type SearchEvent =
  | { type: 'query.changed'; query: SearchQuery }
  | { type: 'user.page'; page: number }
  | { type: 'user.sort'; sort: SearchSort }
  | { type: 'user.tab'; tab: SearchTab }
  | { type: 'user.retry' };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actors: {
    /** GET {api}/public/search/book or /publisher (the app: src/api/search.ts). */
    search: fromPromise<SearchResults, SearchQuery>(async ({ input }) =>
      input.tab === 'books'
        ? { tab: 'books', content: { list: [], total: 0, start: 0, step: 25, sortby: input.sort } }
        : { tab: 'publishers', content: { list: [], total: 0, start: 0, step: 25 } },
    ),
  },
  actions: {
    /** Writes the context's query into the URL fragment (the app: the router's navigation). */
    syncUrl: () => {},
  },
  guards: {
    differentQuery: ({ context, event }) => event.type === 'query.changed' && !sameQuery(context.query, event.query),
    noTerm: ({ context }) => context.query.term === '',
    nothingFound: (_, params: { results: SearchResults }) => params.results.content.list.length === 0,
    pageInRange: ({ context, event }) =>
      event.type === 'user.page' &&
      Number.isSafeInteger(event.page) &&
      event.page >= 1 &&
      event.page <= LAST_PAGE &&
      event.page !== context.query.page,
    otherSort: ({ context, event }) => event.type === 'user.sort' && context.query.tab === 'books' && event.sort !== context.query.sort,
    otherTab: ({ context, event }) => event.type === 'user.tab' && event.tab !== context.query.tab,
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({ query: input.query, results: null }),
  initial: 'start',
  on: {
    'query.changed': {
      guard: 'differentQuery',
      target: '.start',
      reenter: true,
      actions: assign({ query: ({ event }) => event.query }),
    },
  },
  states: {
    start: {
      always: [{ guard: 'noTerm', target: 'idle', actions: assign({ results: null }) }, { target: 'loading' }],
    },
    idle: {},
    loading: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: 'nothingFound', params: ({ event }) => ({ results: event.output }) },
            target: 'found.empty',
            actions: assign({ results: ({ event }) => event.output }),
          },
          { target: 'found.results', actions: assign({ results: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed' },
      },
    },
    // Page, sort and tab change the query, go to the URL and load; sorting is for books only.
    found: {
      initial: 'results',
      on: {
        'user.page': {
          guard: 'pageInRange',
          target: 'loading',
          actions: [assign({ query: ({ context, event }) => ({ ...context.query, page: event.page }) }), 'syncUrl'],
        },
        'user.sort': {
          guard: 'otherSort',
          target: 'loading',
          actions: [assign({ query: ({ context, event }) => ({ ...context.query, sort: event.sort, page: 1 }) }), 'syncUrl'],
        },
        'user.tab': {
          guard: 'otherTab',
          target: 'loading',
          actions: [assign({ query: ({ context, event }) => ({ ...context.query, tab: event.tab, page: 1 }) }), 'syncUrl'],
        },
      },
      states: { results: {}, empty: {} },
    },
    failed: {
      on: { 'user.retry': { target: 'loading' } },
    },
  },
});

/** A running searchMachine, as the views get it. */
export type SearchActorRef = ActorRefFrom<typeof searchMachine>;
