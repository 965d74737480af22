import type { Generated } from 'kysely';

/** Table types of migration 0020 (listed in the Database interface of src/server/db/schema.ts). Days are `YYYY-MM-DD` UTC. */

export interface StatsSaltsTable {
  day: string;
  salt: string;
}

/** A batch of raw events as counted (one row per batch), kept QUIRE_STATS_RAW_DAYS days. */
export interface StatsEventsTable {
  book_id: string;
  day: string;
  at: number;
  visit: string;
  visitor: string;
  source: string;
  host: Generated<string>;
  country: string;
  device: string;
  browser: string;
  language: Generated<string>;
  /** JSON [{k, p?, ms?, at?}]: the batch's events that were counted. */
  events: string;
  /** How many events `events` holds. */
  n: number;
}

/** One visit of a book: its visible time, whether it became a read, its last page. */
export interface StatsVisitsTable {
  book_id: string;
  visit: string;
  day: string;
  ms: Generated<number>;
  last_page: number | null;
  is_read: Generated<number>;
  started_at: number;
}

/** Visitors seen per book and day (unique readers). */
export interface StatsVisitorsTable {
  book_id: string;
  day: string;
  visitor: string;
}

/** The counters of a `stats_daily` row (written by rollup.ts, read by the data export). */
export const STATS_DAILY_COUNTERS = [
  'views',
  'readers',
  'reads',
  'pages',
  'time_ms',
  'downloads',
  'prints',
  'shares',
  'leads',
  'zooms',
  'searches',
  'links',
] as const;
export type StatsDailyCounter = (typeof STATS_DAILY_COUNTERS)[number];

/** Rollup per publication and day. */
export interface StatsDailyTable {
  book_id: string;
  account_id: string;
  day: string;
  views: Generated<number>;
  readers: Generated<number>;
  reads: Generated<number>;
  pages: Generated<number>;
  time_ms: Generated<number>;
  downloads: Generated<number>;
  prints: Generated<number>;
  shares: Generated<number>;
  leads: Generated<number>;
  zooms: Generated<number>;
  searches: Generated<number>;
  links: Generated<number>;
}

/** Rollup per page and day. */
export interface StatsDailyPagesTable {
  book_id: string;
  day: string;
  page: number;
  views: Generated<number>;
  time_ms: Generated<number>;
  exits: Generated<number>;
}

/** Rollup per dimension value and day (dim: source | country | device | browser | language; detail: the source's host or service, the device's browser family, else ''). */
export interface StatsDailyDimsTable {
  book_id: string;
  account_id: string;
  day: string;
  dim: string;
  value: string;
  detail: Generated<string>;
  views: Generated<number>;
  readers: Generated<number>;
}
