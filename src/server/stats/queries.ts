import { type ExpressionBuilder, PostgresAdapter, type SelectQueryBuilder, sql } from 'kysely';
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
  /**
   * The last closed day (`closedThrough(today)`): the account-wide tables sum the days up to it from
   * the account's sums of closed days (migration 0021), built on first use. Absent: read the rollups only.
   */
  closed?: string;
}

/** Days older than this many days no longer change: what the ingest still adds goes to the last days. */
export const STATS_CLOSED_AFTER_DAYS = 3;
/** The last closed day on `today`. */
export const closedThrough = (today: string): string => addDays(today, -STATS_CLOSED_AFTER_DAYS);

/** The Monday of the (UTC) week of a day (SPEC §9: weeks start on Monday). */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every day from `from` to `to`, both included. */
const daysFrom = (from: string, to: string): string[] =>
  Array.from({ length: Math.max(0, rangeDays(from, to)) }, (_, i) => addDays(from, i));

/** Days (sorted) as runs of consecutive days. */
function runsOf(days: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

type CachedKind = 'daily' | 'dims' | 'books';

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The periods (days or Mondays) of `from..to` whose account-wide sums are not built yet. */
async function missingPeriods(db: Executor, accountId: string, kind: CachedKind, periods: string[]): Promise<string[]> {
  if (periods.length === 0) return [];
  const built = await db
    .selectFrom('stats_account_cached')
    .select('period')
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('period', '>=', periods[0] as string)
    .where('period', '<=', periods.at(-1) as string)
    .execute();
  const have = new Set(built.map((row) => row.period));
  return periods.filter((period) => !have.has(period));
}

async function markBuilt(db: Executor, accountId: string, kind: CachedKind, periods: string[]): Promise<void> {
  for (let i = 0; i < periods.length; i += 500) {
    await db
      .insertInto('stats_account_cached')
      .values(periods.slice(i, i + 500).map((period) => ({ account_id: accountId, kind, period })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Sums the account's publications of the closed days `from..to` not summed yet. */
async function buildDaily(db: Executor, accountId: string, from: string, to: string): Promise<void> {
  const missing = await missingPeriods(db, accountId, 'daily', daysFrom(from, to));
  if (missing.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [a, b] of runsOf(missing)) {
      await trx
        .insertInto('stats_account_daily')
        .columns(['account_id', 'day', ...TOTAL_KEYS])
        .expression(
          trx
            .selectFrom('stats_daily')
            .select((eb) => ['account_id', 'day', ...TOTAL_KEYS.map((key) => eb.fn.sum<number>(key).as(key))])
            .where('account_id', '=', accountId)
            .where('day', '>=', a)
            .where('day', '<=', b)
            .groupBy(['account_id', 'day']),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await markBuilt(trx, accountId, 'daily', missing);
  });
}

/** Sums the account's dimension rows of the closed days `from..to` not summed yet (once; concurrent builders agree). */
async function buildDims(db: Executor, accountId: string, from: string, to: string): Promise<void> {
  const missing = await missingPeriods(db, accountId, 'dims', daysFrom(from, to));
  if (missing.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [a, b] of runsOf(missing)) {
      await trx
        .insertInto('stats_account_dims')
        .columns(['account_id', 'dim', 'day', 'value', 'detail', 'views', 'readers'])
        .expression(
          trx
            .selectFrom('stats_daily_dims')
            .select((eb) => [
              'account_id',
              'dim',
              'day',
              'value',
              'detail',
              eb.fn.sum<number>('views').as('views'),
              eb.fn.sum<number>('readers').as('readers'),
            ])
            .where('account_id', '=', accountId)
            .where('day', '>=', a)
            .where('day', '<=', b)
            .groupBy(['account_id', 'dim', 'day', 'value', 'detail']),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await markBuilt(trx, accountId, 'dims', missing);
  });
}

/** Sums the account's publications of the closed weeks (Mondays) not summed yet. */
async function buildBooks(db: Executor, accountId: string, mondays: string[]): Promise<void> {
  const missing = await missingPeriods(db, accountId, 'books', mondays);
  if (missing.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const monday of missing) {
      await trx
        .insertInto('stats_account_books')
        .columns(['account_id', 'week', 'book_id', 'views', 'readers', 'reads', 'time_ms'])
        .expression(
          trx
            .selectFrom('stats_daily')
            .select((eb) => [
              'account_id',
              sql<string>`cast(${monday} as text)`.as('week'),
              'book_id',
              eb.fn.sum<number>('views').as('views'),
              eb.fn.sum<number>('readers').as('readers'),
              eb.fn.sum<number>('reads').as('reads'),
              eb.fn.sum<number>('time_ms').as('time_ms'),
            ])
            .where('account_id', '=', accountId)
            .where('day', '>=', monday)
            .where('day', '<=', addDays(monday, 6))
            .groupBy(['account_id', 'book_id']),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await markBuilt(trx, accountId, 'books', missing);
  });
}

/**
 * Forgets an account's day sums of counters and dimensions and its range sums (a publication of it was deleted:
 * its rows left the rollups); its week sums of publications go with the publication (on delete cascade).
 */
export async function forgetAccountSums(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('stats_account_daily').where('account_id', '=', accountId).execute();
  await db.deleteFrom('stats_account_dims').where('account_id', '=', accountId).execute();
  await db.deleteFrom('stats_account_cached').where('account_id', '=', accountId).where('kind', 'in', ['daily', 'dims']).execute();
  await db.deleteFrom('stats_account_ranges').where('account_id', '=', accountId).execute();
  await db.deleteFrom('stats_account_ranges_built').where('account_id', '=', accountId).execute();
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

/**
 * The counters per day over the scope's days (days without data absent). For the whole account the
 * closed days come from its day sums (built on first use), the others from the rollups.
 */
async function dailyRows(db: Executor, scope: StatsScope): Promise<Map<string, StatsTotals>> {
  const byDay = new Map<string, StatsTotals>();
  let liveFrom = scope.from;
  if (scope.bookId === undefined && scope.closed !== undefined && scope.from <= scope.closed) {
    const end = scope.closed < scope.to ? scope.closed : scope.to;
    await buildDaily(db, scope.accountId, scope.from, end);
    const rows = await db
      .selectFrom('stats_account_daily')
      .select(['day', ...TOTAL_KEYS])
      .where('account_id', '=', scope.accountId)
      .where('day', '>=', scope.from)
      .where('day', '<=', end)
      .execute();
    for (const row of rows) byDay.set(row.day, totalsOf(row as Record<string, unknown>));
    liveFrom = addDays(end, 1);
  }
  if (liveFrom <= scope.to) {
    const rows = await daily(db, { ...scope, from: liveFrom })
      .select((eb) => ['stats_daily.day', ...sums(eb)])
      .groupBy('stats_daily.day')
      .execute();
    for (const row of rows) byDay.set(row.day, totalsOf(row as Record<string, unknown>));
  }
  return byDay;
}

/** The counters summed over the scope's days. */
export async function statsTotals(db: Executor, scope: StatsScope): Promise<StatsTotals> {
  if (scope.bookId === undefined && scope.closed !== undefined) return sumSeries([...(await dailyRows(db, scope)).values()]);
  return totalsOf(await daily(db, scope).select(sums).executeTakeFirst());
}

/** Every day of the scope, oldest first, days without data at 0. */
export async function statsSeries(db: Executor, scope: StatsScope): Promise<({ day: string } & StatsTotals)[]> {
  const byDay = await dailyRows(db, scope);
  return daysFrom(scope.from, scope.to).map((day) => ({ day, ...(byDay.get(day) ?? zeroTotals()) }));
}

/** The totals of a series (the summary's; the same numbers as one sum over the range). */
export const sumSeries = (series: readonly StatsTotals[]): StatsTotals => {
  const out = zeroTotals();
  for (const day of series) for (const key of TOTAL_KEYS) out[key] += day[key];
  return out;
};

/**
 * Text ordered by its bytes (code points), as JavaScript and SQLite order it, whatever the PostgreSQL
 * database's collation: the top tables' tie-breaks are the same on both databases.
 */
const bytewise = (db: Executor, column: string) =>
  db.getExecutor().adapter instanceof PostgresAdapter ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);

/** The last closed day of a scope's range when the account's sums can answer its first days, or none. */
function closedEnd(scope: StatsScope): string | undefined {
  if (scope.bookId !== undefined || scope.closed === undefined || scope.from > scope.closed) return undefined;
  return scope.closed < scope.to ? scope.closed : scope.to;
}

/** How many ranges of each kind an account keeps summed (the dashboard's 7, 30, 90 days, a year and a custom one or two). */
export const STATS_RANGES_KEPT = 8;

type Dim = 'source' | 'country' | 'device' | 'language';
type RangeKind = 'books' | Dim;

/** A query answering rows to sum into a range: the publication or value (`key`), its detail and counters. */
type RangeRows = (
  trx: Executor,
) => SelectQueryBuilder<
  Database,
  never,
  { key: string; detail: string; views: number; readers: number; reads: number; time_ms: number; shares: number }
>;

/**
 * Sums the account's `kind` over the closed days `first..last` once (migration 0023; a concurrent call
 * that finds it being built waits for it and adds nothing), and forgets the account's oldest ranges of
 * the kind beyond STATS_RANGES_KEPT.
 */
async function buildRange(db: Executor, accountId: string, kind: RangeKind, first: string, last: string, rows: RangeRows): Promise<void> {
  const built = await db
    .selectFrom('stats_account_ranges_built')
    .select('built_at')
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('first', '=', first)
    .where('last', '=', last)
    .executeTakeFirst();
  if (built) return;
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('stats_account_ranges_built')
      .values({ account_id: accountId, kind, first, last, built_at: Date.now() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx
      .insertInto('stats_account_ranges')
      .columns(['account_id', 'kind', 'first', 'last', 'key', 'detail', 'views', 'readers', 'reads', 'time_ms', 'shares'])
      .expression(
        trx
          .selectFrom(rows(trx).as('r'))
          .select((eb) => [
            sql<string>`cast(${accountId} as text)`.as('account_id'),
            sql<string>`cast(${kind} as text)`.as('kind'),
            sql<string>`cast(${first} as text)`.as('first'),
            sql<string>`cast(${last} as text)`.as('last'),
            'r.key',
            'r.detail',
            eb.fn.sum<number>('r.views').as('views'),
            eb.fn.sum<number>('r.readers').as('readers'),
            eb.fn.sum<number>('r.reads').as('reads'),
            eb.fn.sum<number>('r.time_ms').as('time_ms'),
            eb.fn.sum<number>('r.shares').as('shares'),
          ])
          .groupBy(['r.key', 'r.detail']),
      )
      .execute();
    const ranges = await trx
      .selectFrom('stats_account_ranges_built')
      .select(['first', 'last'])
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .orderBy('built_at', 'desc')
      .execute();
    for (const old of ranges.slice(STATS_RANGES_KEPT)) {
      for (const table of ['stats_account_ranges', 'stats_account_ranges_built'] as const)
        await trx
          .deleteFrom(table)
          .where('account_id', '=', accountId)
          .where('kind', '=', kind)
          .where('first', '=', old.first)
          .where('last', '=', old.last)
          .execute();
    }
  });
}

/** The rows of a built range (key, detail and counters). */
const rangeRows = (db: Executor, accountId: string, kind: RangeKind, first: string, last: string) =>
  db
    .selectFrom('stats_account_ranges')
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('first', '=', first)
    .where('last', '=', last);

/** The account's publications of the closed days first..last: whole weeks from the week sums (built on first use), the days around them from the rollups. */
async function closedBookRows(db: Executor, accountId: string, first: string, last: string): Promise<RangeRows> {
  const days = (trx: Executor, from: string, to: string) =>
    trx
      .selectFrom('stats_daily')
      .select(['book_id as key', sql<string>`''`.as('detail'), 'views', 'readers', 'reads', 'time_ms', sql<number>`0`.as('shares')])
      .where('account_id', '=', accountId)
      .where('day', '>=', from)
      .where('day', '<=', to);
  // Whole weeks inside first..last: from the first Monday on, to the last Sunday.
  const firstMonday = mondayOf(first) === first ? first : addDays(mondayOf(first), 7);
  const lastMonday = addDays(mondayOf(addDays(last, 1)), -7);
  if (firstMonday > lastMonday) return (trx) => days(trx, first, last);
  await buildBooks(
    db,
    accountId,
    daysFrom(firstMonday, lastMonday).filter((_, i) => i % 7 === 0),
  );
  return (trx) =>
    trx
      .selectFrom('stats_account_books')
      .select(['book_id as key', sql<string>`''`.as('detail'), 'views', 'readers', 'reads', 'time_ms', sql<number>`0`.as('shares')])
      .where('account_id', '=', accountId)
      .where('week', '>=', firstMonday)
      .where('week', '<=', lastMonday)
      .unionAll(days(trx, first, addDays(firstMonday, -1)))
      .unionAll(days(trx, addDays(lastMonday, 7), last));
}

/**
 * The account's publications with data in the range: views desc, then id; STATS_LIMITS.topRows rows.
 * The range's closed days come from the account's sums of them (built once), the others from the
 * rollups; the database sums, orders and cuts them in one query (a big account's thousands of rows
 * never leave it).
 */
export async function statsBooks(db: Executor, scope: StatsScope): Promise<StatsBookRow[]> {
  const end = closedEnd(scope);
  const live = (from: string) =>
    daily(db, { ...scope, from }).select([
      'stats_daily.book_id as id',
      'stats_daily.views',
      'stats_daily.readers',
      'stats_daily.reads',
      'stats_daily.time_ms',
    ]);
  if (end !== undefined)
    await buildRange(db, scope.accountId, 'books', scope.from, end, await closedBookRows(db, scope.accountId, scope.from, end));
  const parts =
    end !== undefined
      ? rangeRows(db, scope.accountId, 'books', scope.from, end)
          .select(['key as id', 'views', 'readers', 'reads', 'time_ms'])
          .unionAll(live(addDays(end, 1)))
      : live(scope.from);
  const top = db
    .selectFrom(parts.as('p'))
    .select((eb) => [
      'p.id',
      eb.fn.sum<number | string>('p.views').as('views'),
      eb.fn.sum<number | string>('p.readers').as('readers'),
      eb.fn.sum<number | string>('p.reads').as('reads'),
      eb.fn.sum<number | string>('p.time_ms').as('time_ms'),
    ])
    .groupBy('p.id')
    .orderBy(sql`sum(p.views)`, 'desc')
    .orderBy(bytewise(db, 'p.id'))
    .limit(STATS_LIMITS.topRows);
  const rows = await db
    .selectFrom(top.as('t'))
    .innerJoin('books', 'books.id', 't.id')
    .select(['t.id', 'books.name', 't.views', 't.readers', 't.reads', 't.time_ms'])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      views: num(row.views),
      readers: num(row.readers),
      reads: num(row.reads),
      time_ms: num(row.time_ms),
    }))
    .sort((a, b) => b.views - a.views || cmp(a.id, b.id));
}

interface DimSums {
  value: string;
  detail: string;
  views: number;
  readers: number;
  /** Sources only: the shares readers made to the service of a `share` row (the `share` dimension). */
  shares: number;
}

/**
 * One dimension's values (and details) summed over the scope: views desc, then value and detail;
 * topRows rows. For the whole account the range's closed days come from its sums of them (built once
 * from the account's day sums), the others from the rollups; the database sums, orders and cuts them
 * in one query. The sources also hold the shares per service (the `share` dimension's rows, as
 * `share` rows of that service with their shares), so a service shared to shows beside the visits it brought.
 */
async function dimRows(db: Executor, scope: StatsScope, dim: Dim, withDetail: boolean): Promise<DimSums[]> {
  const detail = (column: string) => (withDetail ? sql<string>`${sql.ref(column)}` : sql<string>`''`);
  const zero = sql<number>`0`;
  const share = sql<string>`'share'`;
  // The dimension's rows of the rollups from a day on, and for the sources the shares per service.
  const live = (from: string) => {
    const rows = () => {
      let query = db
        .selectFrom('stats_daily_dims')
        .where('account_id', '=', scope.accountId)
        .where('day', '>=', from)
        .where('day', '<=', scope.to);
      if (scope.bookId !== undefined) query = query.where('book_id', '=', scope.bookId);
      return query;
    };
    const own = rows()
      .select(['value', detail('detail').as('detail'), 'views', 'readers', zero.as('shares')])
      .where('dim', '=', dim);
    if (dim !== 'source') return own;
    return own.unionAll(
      rows()
        .select([share.as('value'), 'value as detail', zero.as('views'), zero.as('readers'), 'views as shares'])
        .where('dim', '=', 'share'),
    );
  };
  const end = closedEnd(scope);
  if (end !== undefined) {
    await buildDims(db, scope.accountId, scope.from, end);
    await buildRange(db, scope.accountId, dim, scope.from, end, (trx) => {
      const rows = () =>
        trx
          .selectFrom('stats_account_dims')
          .where('account_id', '=', scope.accountId)
          .where('day', '>=', scope.from)
          .where('day', '<=', end);
      const own = rows()
        .select([
          'value as key',
          detail('detail').as('detail'),
          'views',
          'readers',
          zero.as('reads'),
          zero.as('time_ms'),
          zero.as('shares'),
        ])
        .where('dim', '=', dim);
      if (dim !== 'source') return own;
      return own.unionAll(
        rows()
          .select([
            share.as('key'),
            'value as detail',
            zero.as('views'),
            zero.as('readers'),
            zero.as('reads'),
            zero.as('time_ms'),
            'views as shares',
          ])
          .where('dim', '=', 'share'),
      );
    });
  }
  const parts =
    end !== undefined
      ? rangeRows(db, scope.accountId, dim, scope.from, end)
          .select(['key as value', 'detail', 'views', 'readers', 'shares'])
          .unionAll(live(addDays(end, 1)))
      : live(scope.from);
  const rows = await db
    .selectFrom(parts.as('p'))
    .select((eb) => [
      'p.value',
      'p.detail',
      eb.fn.sum<number | string>('p.views').as('views'),
      eb.fn.sum<number | string>('p.readers').as('readers'),
      eb.fn.sum<number | string>('p.shares').as('shares'),
    ])
    .groupBy(['p.value', 'p.detail'])
    .orderBy(sql`sum(p.views)`, 'desc')
    .orderBy(bytewise(db, 'p.value'))
    .orderBy(bytewise(db, 'p.detail'))
    .limit(STATS_LIMITS.topRows)
    .execute();
  return rows.map((row) => ({
    value: row.value,
    detail: row.detail,
    views: num(row.views),
    readers: num(row.readers),
    shares: num(row.shares),
  }));
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
    shares: r.shares,
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
