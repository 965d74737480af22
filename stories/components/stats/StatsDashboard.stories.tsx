import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import {
  type AccountStatsContext,
  accountStatsMachine,
  type StatsRows,
  type StatsTablesData,
  type StatsTablesResult,
} from '../../../machines/account-sections/account-stats.machine';
import {
  emptySummary,
  freeSummary,
  STATS_TODAY,
  sampleSummary,
  sampleTables,
  statsSummary,
} from '../../../machines/account-sections/fixtures';
import { presetQuery } from '../../../machines/account-sections/stats-query';
import type { StatsSummary } from '../../../src/contracts/stats';
import { StatsView } from '../../../src/web/components/stats/StatsView';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/stats (issue 17) in each state of the dashboard's machine: loading, the account (premium,
 * free with its 30-day limit and locked export), nothing read yet, a publication with its pages, a
 * failed panel and its retry, everything failed, an export running or failed, the custom range's
 * calendar. The contract's shapes from machines/account-sections/fixtures.ts; calls never settle.
 */
const pending = <T,>() => new Promise<T>(() => {});
const story = accountStatsMachine.provide({
  actors: {
    loadSummary: fromPromise(() => pending<StatsSummary>()),
    loadTables: fromPromise(() => pending<StatsTablesResult>()),
    loadPanel: fromPromise(() => pending<StatsRows>()),
    exportTable: fromPromise(() => pending<string>()),
  },
});

type Regions = { summary: string; tables: string; export: string; picker: string };
const at = (r: Partial<Regions>) => ({
  dashboard: { summary: 'loaded', tables: 'ready', export: 'idle', picker: 'closed', ...r },
});
const account = presetQuery('30d', STATS_TODAY, null);
const book = presetQuery('30d', STATS_TODAY, 'b1');
const base = (over: Partial<AccountStatsContext> = {}): AccountStatsContext => ({
  today: STATS_TODAY,
  query: account,
  summary: sampleSummary,
  tables: sampleTables,
  failed: [],
  retrying: null,
  exporting: null,
  exportFailed: null,
  draft: null,
  ...over,
});
const noRows: Partial<StatsTablesData> = { books: [], sources: [], countries: [], devices: [], languages: [] };

const SCENARIOS = {
  loading: { value: at({ summary: 'loading', tables: 'loading' }), context: base({ summary: null, tables: {} }) },
  account: { value: at({}), context: base() },
  year: {
    value: at({}),
    context: base({ query: presetQuery('365d', STATS_TODAY, null), summary: statsSummary(365) }),
  },
  free: { value: at({}), context: base({ summary: freeSummary }) },
  empty: { value: at({ summary: 'empty' }), context: base({ summary: emptySummary, tables: noRows }) },
  tablesLoading: { value: at({ tables: 'loading' }), context: base({ tables: {} }) },
  book: { value: at({}), context: base({ query: book }) },
  bookEmpty: { value: at({ summary: 'empty' }), context: base({ query: book, summary: emptySummary, tables: { ...noRows, pages: [] } }) },
  panelFailed: {
    value: at({}),
    context: base({ tables: { ...sampleTables, sources: undefined }, failed: ['sources'] }),
  },
  panelRetrying: {
    value: at({ tables: 'retrying' }),
    context: base({ tables: { ...sampleTables, sources: undefined }, failed: ['sources'], retrying: 'sources' }),
  },
  summaryFailed: { value: at({ summary: 'failed' }), context: base({ summary: null }) },
  allFailed: {
    value: at({ summary: 'failed' }),
    context: base({ summary: null, tables: {}, failed: ['books', 'sources', 'countries', 'devices', 'languages'] }),
  },
  exporting: { value: at({ export: 'exporting' }), context: base({ exporting: 'sources' }) },
  exportFailed: { value: at({ export: 'failed' }), context: base({ exportFailed: 'sources' }) },
  custom: {
    value: at({ picker: 'open' }),
    context: base({ draft: { from: '2026-11-02', to: '2026-11-15' } }),
  },
  emptyTables: { value: at({}), context: base({ tables: noRows }) },
} as const;
type Scenario = keyof typeof SCENARIOS;

function DashboardStory({ scenario, width }: { scenario: Scenario; width?: number }) {
  const actor = useStoryActor(() => {
    const p = SCENARIOS[scenario] ?? SCENARIOS.account;
    return actorAt(story, p.value, p.context, { today: STATS_TODAY, query: p.context.query }).start();
  }, [scenario]);
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        <StatsView actor={actor} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Statistics dashboard',
  component: DashboardStory,
  args: { scenario: 'account' },
  argTypes: { scenario: { control: 'select', options: Object.keys(SCENARIOS) } },
} satisfies Meta<typeof DashboardStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The summary and the tables load in parallel (`summary.loading`, `tables.loading`). */
export const Loading: Story = { args: { scenario: 'loading' } };
/** The account over 30 days: totals with their change, views and readers per day, the tables. */
export const Account: Story = { args: { scenario: 'account' } };
/** A year: the axis shows months. */
export const Year: Story = { args: { scenario: 'year' } };
/** A free account: the 30-day limit with the upgrade link, the export locked. */
export const Free: Story = { args: { scenario: 'free' } };
/** Nothing read yet (`summary.empty`): what will appear, and where to start. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** The totals are in, the tables still load. */
export const TablesLoading: Story = { args: { scenario: 'tablesLoading' } };
/** Each table loaded but empty: each says what will appear. */
export const EmptyTables: Story = { args: { scenario: 'emptyTables' } };
/** One publication: its totals, series, pages (time and where readers stop), sources. */
export const Publication: Story = { args: { scenario: 'book' } };
/** A publication nobody read in these days. */
export const PublicationEmpty: Story = { args: { scenario: 'bookEmpty' } };
/** One table failed (sources), with its own retry. */
export const PanelFailed: Story = { args: { scenario: 'panelFailed' } };
/** That table loading again (`tables.retrying`). */
export const PanelRetrying: Story = { args: { scenario: 'panelRetrying' } };
/** The totals and series failed; the tables are there. */
export const SummaryFailed: Story = { args: { scenario: 'summaryFailed' } };
/** Everything failed: one failure, one retry. */
export const AllFailed: Story = { args: { scenario: 'allFailed' } };
/** A table's CSV on its way (`export.exporting`). */
export const Exporting: Story = { args: { scenario: 'exporting' } };
/** The CSV could not be fetched (`export.failed`). */
export const ExportFailed: Story = { args: { scenario: 'exportFailed' } };
/** The custom range's calendar (weeks start on Monday), a range chosen. */
export const CustomRange: Story = { args: { scenario: 'custom' } };
/** On a 320 px screen: the tables scroll inside their cards, the chart shrinks. */
export const Narrow: Story = { args: { scenario: 'account', width: 320 } };
/** A publication on a 320 px screen. */
export const NarrowPublication: Story = { args: { scenario: 'book', width: 320 } };
