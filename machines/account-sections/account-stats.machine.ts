import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type {
  StatsBookRow,
  StatsCountryRow,
  StatsDeviceRow,
  StatsLanguageRow,
  StatsPageRow,
  StatsRange,
  StatsSourceRow,
  StatsSummary,
  StatsTable,
} from '../../src/contracts/stats';
import { presetQuery, type StatsQuery, validCustom } from './stats-query';

/**
 * /account/stats (issue 17): the owner's statistics dashboard. One `dashboard` (parallel) per view —
 * a range of days and the account or one publication (`query`, kept in the address by `syncUrl`):
 * - `summary`: the totals, the previous period's and the daily series → loaded | empty (nothing read
 *   in these days) | failed (retry this panel);
 * - `tables`: the tables of the view, loaded together (each call in parallel; `loadTables` reports
 *   which failed) → ready, where a failed table is retried alone (`retrying`);
 * - `export`: a table's CSV (plans with `can_export`) → `saveFile` | failed;
 * - `picker`: the custom range's calendar (a draft of days, applied when valid).
 * A new range, publication or the whole retry enters the dashboard again (every call in parallel).
 */

/** The tables of the dashboard (each a panel with its own failure and retry). */
export const STATS_PANELS = ['books', 'sources', 'countries', 'devices', 'languages', 'pages'] as const;
export type StatsPanel = (typeof STATS_PANELS)[number];

export interface StatsTablesData {
  books: StatsBookRow[];
  sources: StatsSourceRow[];
  countries: StatsCountryRow[];
  devices: StatsDeviceRow[];
  languages: StatsLanguageRow[];
  pages: StatsPageRow[];
}
export type StatsRows = StatsTablesData[StatsPanel];

/** What `loadTables` answers: the rows of the tables that loaded, the names of those that failed. */
export interface StatsTablesResult {
  rows: Partial<StatsTablesData>;
  failed: StatsPanel[];
}

/** The panels of a view: the pages only for a publication. */
export const panelsOf = (query: StatsQuery): StatsPanel[] => STATS_PANELS.filter((p) => p !== 'pages' || query.book !== null);

export interface StatsDraft {
  from: string | null;
  to: string | null;
}

export interface AccountStatsInput {
  /** Today (UTC day), the end of the preset ranges. */
  today: string;
  query: StatsQuery;
}

export interface AccountStatsContext {
  today: string;
  query: StatsQuery;
  summary: StatsSummary | null;
  tables: Partial<StatsTablesData>;
  /** Tables whose call failed. */
  failed: StatsPanel[];
  /** The failed table being loaded again. */
  retrying: StatsPanel | null;
  /** The table whose CSV is being fetched, and the last one that failed. */
  exporting: StatsTable | null;
  exportFailed: StatsTable | null;
  /** The custom range being chosen in the calendar. */
  draft: StatsDraft | null;
}

export type AccountStatsEvent =
  | { type: 'user.range'; range: Exclude<StatsRange, 'custom'> }
  | { type: 'user.custom' }
  | { type: 'user.draft'; from: string | null; to: string | null }
  | { type: 'user.apply' }
  | { type: 'user.cancel' }
  | { type: 'user.book'; book: string | null }
  | { type: 'user.retry' }
  | { type: 'user.retryPanel'; panel: StatsPanel | 'summary' }
  | { type: 'user.export'; table: StatsTable };

export interface ExportInput {
  table: StatsTable;
  query: StatsQuery;
}

const nothing = (): Pick<AccountStatsContext, 'summary' | 'tables' | 'failed' | 'retrying' | 'exporting' | 'exportFailed' | 'draft'> => ({
  summary: null,
  tables: {},
  failed: [],
  retrying: null,
  exporting: null,
  exportFailed: null,
  draft: null,
});

const RELOAD = '#accountStats.dashboard';

export const accountStatsMachine = setup({
  types: {
    context: {} as AccountStatsContext,
    events: {} as AccountStatsEvent,
    input: {} as AccountStatsInput,
  },
  actors: {
    loadSummary: fromPromise<StatsSummary, StatsQuery>(() => Promise.reject(new Error('loadSummary not provided'))),
    loadTables: fromPromise<StatsTablesResult, StatsQuery>(() => Promise.reject(new Error('loadTables not provided'))),
    loadPanel: fromPromise<StatsRows, { query: StatsQuery; panel: StatsPanel }>(() => Promise.reject(new Error('loadPanel not provided'))),
    exportTable: fromPromise<string, ExportInput>(() => Promise.reject(new Error('exportTable not provided'))),
  },
  actions: {
    /** The address follows the view (`?range=…&book=…&from=&to=`); the app replaces the history entry. */
    syncUrl: (_, _params: { query: StatsQuery }) => {},
    /** Hands the CSV to the browser as a download. */
    saveFile: (_, _params: { table: StatsTable; csv: string }) => {},
  },
  guards: {
    otherPreset: ({ context, event }) => event.type === 'user.range' && event.range !== context.query.range,
    otherBook: ({ context, event }) => event.type === 'user.book' && event.book !== context.query.book,
    noData: (_, params: { summary: StatsSummary }) => params.summary.totals.views === 0 && params.summary.totals.pages === 0,
    summaryPanel: ({ event }) => event.type === 'user.retryPanel' && event.panel === 'summary',
    panelFailed: ({ context, event }) =>
      event.type === 'user.retryPanel' && event.panel !== 'summary' && context.failed.includes(event.panel),
    canExport: ({ context, event }) =>
      event.type === 'user.export' && context.summary?.can_export === true && (event.table !== 'pages' || context.query.book !== null),
    draftValid: ({ context }) => validCustom(context.draft?.from, context.draft?.to, context.today),
  },
}).createMachine({
  id: 'accountStats',
  context: ({ input }) => ({ today: input.today, query: input.query, ...nothing() }),
  initial: 'dashboard',
  states: {
    dashboard: {
      type: 'parallel',
      entry: assign(nothing),
      on: {
        'user.range': {
          guard: 'otherPreset',
          target: RELOAD,
          reenter: true,
          actions: [
            assign({ query: ({ context, event }) => presetQuery(event.range, context.today, context.query.book) }),
            { type: 'syncUrl', params: ({ context }) => ({ query: context.query }) },
          ],
        },
        'user.book': {
          guard: 'otherBook',
          target: RELOAD,
          reenter: true,
          actions: [
            assign({ query: ({ context, event }) => ({ ...context.query, book: event.book }) }),
            { type: 'syncUrl', params: ({ context }) => ({ query: context.query }) },
          ],
        },
        'user.retry': { target: RELOAD, reenter: true },
      },
      states: {
        summary: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadSummary',
                src: 'loadSummary',
                input: ({ context }) => context.query,
                onDone: [
                  {
                    guard: { type: 'noData', params: ({ event }) => ({ summary: event.output }) },
                    target: 'empty',
                    actions: assign({ summary: ({ event }) => event.output }),
                  },
                  { target: 'loaded', actions: assign({ summary: ({ event }) => event.output }) },
                ],
                onError: 'failed',
              },
            },
            loaded: {},
            empty: {},
            failed: { on: { 'user.retryPanel': { guard: 'summaryPanel', target: 'loading' } } },
          },
        },
        tables: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadTables',
                src: 'loadTables',
                input: ({ context }) => context.query,
                onDone: {
                  target: 'ready',
                  actions: assign({
                    tables: ({ event }) => event.output.rows,
                    failed: ({ context, event }) => panelsOf(context.query).filter((p) => event.output.failed.includes(p)),
                  }),
                },
                onError: { target: 'ready', actions: assign({ failed: ({ context }) => panelsOf(context.query) }) },
              },
            },
            ready: {
              on: {
                'user.retryPanel': {
                  guard: 'panelFailed',
                  target: 'retrying',
                  actions: assign({ retrying: ({ event }) => event.panel as StatsPanel }),
                },
              },
            },
            retrying: {
              invoke: {
                id: 'loadPanel',
                src: 'loadPanel',
                input: ({ context }) => ({ query: context.query, panel: context.retrying as StatsPanel }),
                onDone: {
                  target: 'ready',
                  actions: assign({
                    tables: ({ context, event }) => ({ ...context.tables, [context.retrying as StatsPanel]: event.output }),
                    failed: ({ context }) => context.failed.filter((p) => p !== context.retrying),
                    retrying: null,
                  }),
                },
                onError: { target: 'ready', actions: assign({ retrying: null }) },
              },
            },
          },
        },
        export: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.export': { guard: 'canExport', target: 'exporting', actions: assign({ exporting: ({ event }) => event.table }) },
              },
            },
            exporting: {
              invoke: {
                id: 'exportTable',
                src: 'exportTable',
                input: ({ context }) => ({ table: context.exporting as StatsTable, query: context.query }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'saveFile', params: ({ context, event }) => ({ table: context.exporting as StatsTable, csv: event.output }) },
                    assign({ exporting: null }),
                  ],
                },
                onError: { target: 'failed', actions: assign({ exportFailed: ({ context }) => context.exporting, exporting: null }) },
              },
            },
            failed: {
              on: {
                'user.export': {
                  guard: 'canExport',
                  target: 'exporting',
                  actions: assign({ exporting: ({ event }) => event.table, exportFailed: null }),
                },
              },
            },
          },
        },
        picker: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                // The calendar starts empty: the first day clicked is a one-day range, the second its other end.
                'user.custom': { target: 'open', actions: assign({ draft: { from: null, to: null } }) },
              },
            },
            open: {
              on: {
                'user.draft': { actions: assign({ draft: ({ event }) => ({ from: event.from, to: event.to }) }) },
                'user.apply': {
                  guard: 'draftValid',
                  target: RELOAD,
                  reenter: true,
                  actions: [
                    assign({
                      query: ({ context }) => ({
                        range: 'custom' as const,
                        from: context.draft?.from as string,
                        to: context.draft?.to as string,
                        book: context.query.book,
                      }),
                    }),
                    { type: 'syncUrl', params: ({ context }) => ({ query: context.query }) },
                  ],
                },
                'user.cancel': { target: 'closed', actions: assign({ draft: null }) },
              },
            },
          },
        },
      },
    },
  },
});

/** A running accountStatsMachine, as the views get it. */
export type AccountStatsActorRef = ActorRefFrom<typeof accountStatsMachine>;
