import { type ExpressionBuilder, sql } from 'kysely';
import {
  STAT_BROWSERS,
  STAT_DEVICES,
  STAT_SOURCES,
  STATS_LIMITS,
  type StatBrowser,
  type StatDevice,
  type StatSource,
  type StatsBookRow,
  type StatsCountryRow,
  type StatsDeviceRow,
  type StatsLanguageRow,
  type StatsPageRow,
  type StatsSourceRow,
  type StatsTotals,
} from '../../contracts/stats';
import type { Executor } from '../db/index';
import type { Database } from '../db/schema';

/**
 * The dashboard's queries (issue 17; contract src/contracts/stats.ts): they read the daily rollups
 * only (stats_daily, stats_daily_pages, stats_daily_dims; migration 0020), never the raw events, and
 * always through the caller's `account_id` (the routes check a named book is the caller's first).
 * Days are `YYYY-MM-DD` UTC text, so a range is a text range on the `(account_id, …, day)` indexes.
 * PostgreSQL answers sums of integers as strings (bigint): every aggregate goes through Number().
 */

const DAY_MS = 86_400_000;

/** The UTC day of an epoch-ms time. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The day `n` days after `day` (before, for negative `n`). */
export const addDays = (day: string, n: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
/** Days from `from` to `to`, both included (1 for one day). */
export const rangeDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** What a query reads: an account's rollups over a range of days, optionally of one of its books. */
export interface StatsScope {
  accountId: string;
  bookId?: string;
  from: string;
  to: string;
}

/** The counters of StatsTotals, in the contract's order (also the CSV's columns). */
export const TOTAL_KEYS = [
  'views',
  'readers',
  'reads',
  'pages',
  'time_ms',
  'downloads',
  'prints',
  'shares',
  'leads',
] as const satisfies readonly (keyof StatsTotals)[];

export const zeroTotals = (): StatsTotals => ({
  views: 0,
  readers: 0,
  reads: 0,
  pages: 0,
  time_ms: 0,
  downloads: 0,
  prints: 0,
  shares: 0,
  leads: 0,
});

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

const totalsOf = (row: Record<string, unknown> | undefined): StatsTotals => {
  const out = zeroTotals();
  if (row) for (const key of TOTAL_KEYS) out[key] = num(row[key]);
  return out;
};

const sums = (eb: ExpressionBuilder<Database, 'stats_daily'>) =>
  TOTAL_KEYS.map((key) => eb.fn.sum<number | string>(`stats_daily.${key}`).as(key));

function daily(db: Executor, scope: StatsScope) {
  let query = db
    .selectFrom('stats_daily')
    .where('stats_daily.account_id', '=', scope.accountId)
    .where('stats_daily.day', '>=', scope.from)
    .where('stats_daily.day', '<=', scope.to);
  if (scope.bookId !== undefined) query = query.where('stats_daily.book_id', '=', scope.bookId);
  return query;
}

/** The counters summed over the scope's days. */
export async function statsTotals(db: Executor, scope: StatsScope): Promise<StatsTotals> {
  return totalsOf(await daily(db, scope).select(sums).executeTakeFirst());
}

/** Every day of the scope, oldest first, days without data at 0. */
export async function statsSeries(db: Executor, scope: StatsScope): Promise<({ day: string } & StatsTotals)[]> {
  const rows = await daily(db, scope)
    .select((eb) => ['stats_daily.day', ...sums(eb)])
    .groupBy('stats_daily.day')
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, totalsOf(row as Record<string, unknown>)]));
  const days = rangeDays(scope.from, scope.to);
  return Array.from({ length: Math.max(0, days) }, (_, i) => {
    const day = addDays(scope.from, i);
    return { day, ...(byDay.get(day) ?? zeroTotals()) };
  });
}

/** The totals of a series (the summary's; the same numbers as one sum over the range). */
export const sumSeries = (series: readonly StatsTotals[]): StatsTotals => {
  const out = zeroTotals();
  for (const day of series) for (const key of TOTAL_KEYS) out[key] += day[key];
  return out;
};

/** The account's publications with data in the range: views desc, then id; STATS_LIMITS.topRows rows. */
export async function statsBooks(db: Executor, scope: StatsScope): Promise<StatsBookRow[]> {
  const rows = await daily(db, scope)
    .innerJoin('books', 'books.id', 'stats_daily.book_id')
    .select((eb) => [
      'stats_daily.book_id as id',
      'books.name as name',
      eb.fn.sum<number | string>('stats_daily.views').as('views'),
      eb.fn.sum<number | string>('stats_daily.readers').as('readers'),
      eb.fn.sum<number | string>('stats_daily.reads').as('reads'),
      eb.fn.sum<number | string>('stats_daily.time_ms').as('time_ms'),
    ])
    .groupBy(['stats_daily.book_id', 'books.name'])
    .orderBy('views', 'desc')
    .orderBy('stats_daily.book_id', 'asc')
    .limit(STATS_LIMITS.topRows)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    views: num(row.views),
    readers: num(row.readers),
    reads: num(row.reads),
    time_ms: num(row.time_ms),
  }));
}

type Dim = 'source' | 'country' | 'device' | 'language';

/** One dimension's values (and details) summed over the scope: views desc, then value and detail; topRows rows. */
async function dimRows(db: Executor, scope: StatsScope, dim: Dim, withDetail: boolean) {
  let query = db
    .selectFrom('stats_daily_dims')
    .where('account_id', '=', scope.accountId)
    .where('dim', '=', dim)
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to);
  if (scope.bookId !== undefined) query = query.where('book_id', '=', scope.bookId);
  const rows = await query
    .select((eb) => [
      'value',
      withDetail ? 'detail' : sql<string>`''`.as('detail'),
      eb.fn.sum<number | string>('views').as('views'),
      eb.fn.sum<number | string>('readers').as('readers'),
    ])
    .groupBy(withDetail ? ['value', 'detail'] : ['value'])
    .orderBy('views', 'desc')
    .orderBy('value', 'asc')
    .$if(withDetail, (q) => q.orderBy('detail', 'asc'))
    .limit(STATS_LIMITS.topRows)
    .execute();
  return rows.map((row) => ({ value: row.value, detail: row.detail, views: num(row.views), readers: num(row.readers) }));
}

const pick = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** Where readers came from: the source and its host (the embedding or referring site, the share service). */
export async function statsSources(db: Executor, scope: StatsScope): Promise<StatsSourceRow[]> {
  return (await dimRows(db, scope, 'source', true)).map((r) => ({
    source: pick<StatSource>(STAT_SOURCES, r.value, 'referrer'),
    host: r.detail,
    views: r.views,
    readers: r.readers,
  }));
}

export async function statsCountries(db: Executor, scope: StatsScope): Promise<StatsCountryRow[]> {
  return (await dimRows(db, scope, 'country', false)).map((r) => ({ country: r.value || 'ZZ', views: r.views, readers: r.readers }));
}

/**
 * Device classes with their browser families: the rollup's `device` rows, the browser family in
 * `detail` (a row without one counts as `other`).
 */
export async function statsDevices(db: Executor, scope: StatsScope): Promise<StatsDeviceRow[]> {
  return (await dimRows(db, scope, 'device', true)).map((r) => ({
    device: pick<StatDevice>(STAT_DEVICES, r.value, STAT_DEVICES[0]),
    browser: pick<StatBrowser>(STAT_BROWSERS, r.detail, 'other'),
    views: r.views,
    readers: r.readers,
  }));
}

export async function statsLanguages(db: Executor, scope: StatsScope): Promise<StatsLanguageRow[]> {
  return (await dimRows(db, scope, 'language', false)).map((r) => ({ language: r.value, views: r.views, readers: r.readers }));
}

/** Every page 1..pagesTotal of one book over the range: views, average visible ms per view, exits (unseen pages at 0). */
export async function statsPages(db: Executor, bookId: string, pagesTotal: number, from: string, to: string): Promise<StatsPageRow[]> {
  const rows = await db
    .selectFrom('stats_daily_pages')
    .where('book_id', '=', bookId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('page', '>=', 1)
    .where('page', '<=', pagesTotal)
    .select((eb) => [
      'page',
      eb.fn.sum<number | string>('views').as('views'),
      eb.fn.sum<number | string>('time_ms').as('time_ms'),
      eb.fn.sum<number | string>('exits').as('exits'),
    ])
    .groupBy('page')
    .execute();
  const byPage = new Map(rows.map((row) => [Number(row.page), row]));
  return Array.from({ length: Math.max(0, pagesTotal) }, (_, i) => {
    const row = byPage.get(i + 1);
    const views = num(row?.views);
    return { page: i + 1, views, avg_ms: views > 0 ? Math.round(num(row?.time_ms) / views) : 0, exits: num(row?.exits) };
  });
}
