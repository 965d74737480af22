import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ReaderStatsSummary } from '../../src/contracts/reader';

/**
 * /account/stats (issue "Reading"): the owner's reading statistics. Loads the owner's publications
 * (loadingBooks → empty | failed | ready), then the statistics of the chosen one (the newest first):
 * ready.loading → loaded | failed; choosing another book loads its statistics.
 */

export interface StatsBook {
  id: string;
  name: string;
}

export interface AccountStatsContext {
  books: StatsBook[];
  selected: string | null;
  stats: ReaderStatsSummary | null;
}

export type AccountStatsEvent = { type: 'user.retry' } | { type: 'user.select'; id: string };

export const accountStatsMachine = setup({
  types: { context: {} as AccountStatsContext, events: {} as AccountStatsEvent },
  actors: {
    loadBooks: fromPromise<StatsBook[]>(async () => []),
    loadStats: fromPromise<ReaderStatsSummary, { id: string }>(async () => ({
      views: 0,
      readers: 0,
      pages: [],
      devices: { desktop: 0, tablet: 0, phone: 0 },
    })),
  },
  guards: {
    noBooks: (_, params: { count: number }) => params.count === 0,
    otherBook: ({ context, event }) =>
      event.type === 'user.select' && event.id !== context.selected && context.books.some((b) => b.id === event.id),
  },
}).createMachine({
  id: 'accountStats',
  context: { books: [], selected: null, stats: null },
  initial: 'loadingBooks',
  states: {
    loadingBooks: {
      invoke: {
        id: 'loadBooks',
        src: 'loadBooks',
        onDone: [
          { guard: { type: 'noBooks', params: ({ event }) => ({ count: event.output.length }) }, target: 'empty' },
          {
            target: 'ready',
            actions: assign({ books: ({ event }) => event.output, selected: ({ event }) => event.output[0]?.id ?? null }),
          },
        ],
        onError: 'failed',
      },
    },
    empty: { on: { 'user.retry': 'loadingBooks' } },
    failed: { on: { 'user.retry': 'loadingBooks' } },
    ready: {
      initial: 'loading',
      on: {
        'user.select': { guard: 'otherBook', target: '.loading', actions: assign({ selected: ({ event }) => event.id }) },
      },
      states: {
        loading: {
          entry: assign({ stats: null }),
          invoke: {
            id: 'loadStats',
            src: 'loadStats',
            input: ({ context }) => ({ id: context.selected ?? '' }),
            onDone: { target: 'loaded', actions: assign({ stats: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { on: { 'user.retry': 'loading' } },
      },
    },
  },
});

/** A running accountStatsMachine, as the views get it. */
export type AccountStatsActorRef = ActorRefFrom<typeof accountStatsMachine>;
