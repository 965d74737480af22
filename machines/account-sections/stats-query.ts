import { STATS_LIMITS, STATS_RANGES, type StatsRange } from '../../src/contracts/stats';

/**
 * The statistics dashboard's view as a query (range, days, publication), read from and written to the
 * page's address (`/account/stats?range=30d&book=…&from=&to=`) so a reload or a shared link shows the
 * same view. Days are `YYYY-MM-DD` in UTC, both included (src/contracts/stats.ts).
 */
export interface StatsQuery {
  range: StatsRange;
  from: string;
  to: string;
  /** The publication view; null: the account. */
  book: string | null;
}

export const DEFAULT_RANGE: Exclude<StatsRange, 'custom'> = '30d';

/** Days of each preset range (today included). */
export const RANGE_DAYS: Record<Exclude<StatsRange, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };

const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const BOOK_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** A real calendar day `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY_RE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** The UTC day of an instant. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `n` days. */
export const addDays = (day: string, n: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** A custom range the dashboard accepts: real days, in order, not after today, at most maxRangeDays long. */
export function validCustom(from: unknown, to: unknown, today: string): boolean {
  return isDay(from) && isDay(to) && from <= to && to <= today && daysBetween(from, to) <= STATS_LIMITS.maxRangeDays;
}

/** A preset range's days, ending today. */
export function presetQuery(range: Exclude<StatsRange, 'custom'>, today: string, book: string | null): StatsQuery {
  return { range, from: addDays(today, 1 - RANGE_DAYS[range]), to: today, book };
}

type Preset = Exclude<StatsRange, 'custom'>;
const presetOf = (value: string | null): Preset | null =>
  value !== null && value !== 'custom' && (STATS_RANGES as readonly string[]).includes(value) ? (value as Preset) : null;

/**
 * The query of an address's search part (`?range=90d&book=b1`); what is missing or wrong falls back to
 * the last 30 days of the account (a custom range without valid days too).
 */
export function parseStatsQuery(search: string, today: string): StatsQuery {
  const params = new URLSearchParams(search);
  const bookParam = params.get('book');
  const book = bookParam && BOOK_RE.test(bookParam) ? bookParam : null;
  const range = params.get('range');
  if (range === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    if (validCustom(from, to, today)) return { range: 'custom', from: from as string, to: to as string, book };
  }
  return presetQuery(presetOf(range) ?? DEFAULT_RANGE, today, book);
}

/** The search part for a query (`?range=30d&book=b1`; the days only for a custom range). */
export function statsSearch(query: StatsQuery): string {
  const params = new URLSearchParams({ range: query.range });
  if (query.book) params.set('book', query.book);
  if (query.range === 'custom') {
    params.set('from', query.from);
    params.set('to', query.to);
  }
  return `?${params.toString()}`;
}

/** The calls' parameters (`from`, `to`, and `book` in the publication view). */
export function callParams(query: StatsQuery): Record<string, string> {
  return query.book ? { from: query.from, to: query.to, book: query.book } : { from: query.from, to: query.to };
}
