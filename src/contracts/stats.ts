import * as v from 'valibot';
import { READER_DEVICES } from './reader';
import { SHARE_SOURCES } from './share';
import { STATS_LIMITS } from './stats-limits';

export { STATS_LIMITS, STATS_PARAMS, STATS_PATH, STATS_VIA_WIDGET } from './stats-limits';

/**
 * Statistics (issue 17): what the reader, the embeds and the library widget send, and what the
 * owner's dashboard `/account/stats` reads. Shared by the server, the viewer (types and constants
 * only: its bundle stays free of valibot) and the account section.
 *
 * Private by design: no address and no cookie is stored. A visitor is a hash of the address, the user
 * agent and a salt that changes every day (so "readers" are unique per day and a range's readers are
 * the sum of its days); the country is looked up in memory and kept only as a country code; Do Not
 * Track / Global Privacy Control, bots and the owner's own reads are not counted. Dashboards read daily
 * rollups, never raw events; raw events are kept `QUIRE_STATS_RAW_DAYS` days.
 *
 * Calls:
 *   POST {beacon}/e   body: StatsBatch as JSON sent as text/plain (navigator.sendBeacon; any origin,
 *                     no credentials needed) → 204 always (a beacon never learns what was kept)
 *   GET  {api}/account/stats/summary?from=&to=&book=   → StatsSummary     (signed in; own books)
 *   GET  {api}/account/stats/books?from=&to=           → StatsBookRow[]   (top publications)
 *   GET  {api}/account/stats/sources?from=&to=&book=   → StatsSourceRow[]
 *   GET  {api}/account/stats/countries?from=&to=&book= → StatsCountryRow[]
 *   GET  {api}/account/stats/devices?from=&to=&book=   → StatsDeviceRow[]
 *   GET  {api}/account/stats/languages?from=&to=&book= → StatsLanguageRow[]
 *   GET  {api}/account/stats/pages?from=&to=&book=     → StatsPageRow[]   (book required)
 *   GET  {api}/account/stats/export?table=&from=&to=&book= → text/csv (premium and up; gating table)
 * `from`/`to` are days `YYYY-MM-DD` in UTC, both included, at most STATS_LIMITS.maxRangeDays apart;
 * a free account's `from` is moved to the first day it may see (`limited_from` of the summary says so).
 */

/** What the reader reports (SPEC §7 share parameters travel in `share`). */
export const STAT_EVENT_TYPES = ['open', 'page', 'zoom', 'search', 'download', 'print', 'share', 'link', 'lead'] as const;
export type StatEventType = (typeof STAT_EVENT_TYPES)[number];

/** Where a visit came from, worked out by the server from the batch's `ref`, `embed` and `share`. */
export const STAT_SOURCES = ['direct', 'embed', 'share', 'search', 'referrer'] as const;
export type StatSource = (typeof STAT_SOURCES)[number];

/** Where the reader ran. */
export const STAT_CONTEXTS = ['reader', 'embed', 'widget'] as const;
export type StatContext = (typeof STAT_CONTEXTS)[number];

export const STAT_DEVICES = READER_DEVICES;
export type StatDevice = (typeof STAT_DEVICES)[number];

/** Browser families (from the user agent, server side). */
export const STAT_BROWSERS = ['chrome', 'safari', 'firefox', 'edge', 'opera', 'samsung', 'other'] as const;
export type StatBrowser = (typeof STAT_BROWSERS)[number];

/** The dashboard's ranges; weeks start on Monday (SPEC §9) in the custom range's calendar. */
export const STATS_RANGES = ['7d', '30d', '90d', '365d', 'custom'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

/** Tables the export writes as CSV (the same rows as their calls). */
export const STATS_TABLES = ['series', 'books', 'sources', 'countries', 'devices', 'languages', 'pages'] as const;
export type StatsTable = (typeof STATS_TABLES)[number];

const bookId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'));

/** One event of a batch. `at`: ms after the batch's visit started (orders events; not a clock). */
export const StatEventSchema = v.object({
  k: v.picklist(STAT_EVENT_TYPES),
  /** Page the event is about (page views: the page shown). */
  p: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(100_000))),
  /** Page views: visible time of the page. */
  ms: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(STATS_LIMITS.pageMsMax))),
  at: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(86_400_000))),
  /** Share events: the service the reader shared to, or `copy` (the link copied); SHARE_SOURCES of src/contracts/share.ts. */
  s: v.optional(v.picklist(SHARE_SOURCES)),
});
export type StatEvent = v.InferOutput<typeof StatEventSchema>;

/**
 * A batch from one visit (a reader tab). `visit` is a random id of the tab (sessionStorage, not a
 * cookie) that ties a visit's batches together; it is not stored beyond the raw-event days.
 */
export const StatsBatchSchema = v.object({
  b: bookId,
  /** A private book's link token: a batch counts only where the reader could open the book. */
  t: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/))),
  visit: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  ctx: v.picklist(STAT_CONTEXTS),
  device: v.picklist(STAT_DEVICES),
  /** document.referrer of the reader's page (for an embed: the embedding page). */
  ref: v.optional(v.pipe(v.string(), v.maxLength(STATS_LIMITS.refMaxLength))),
  /** Share marker of the address the reader was opened with (SPEC §7 source marker). */
  share: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{1,16}$/))),
  /** The reader's language (BCP 47 primary tag). */
  lang: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2,3}$/))),
  /** 1 when the browser says it is automated (navigator.webdriver): the batch is not counted. */
  wd: v.optional(v.literal(1)),
  ev: v.pipe(v.array(StatEventSchema), v.minLength(1), v.maxLength(STATS_LIMITS.batchMax)),
});
export type StatsBatch = v.InferInput<typeof StatsBatchSchema>;

export const StatsQuerySchema = v.object({
  from: day,
  to: day,
  book: v.optional(bookId),
});
export const StatsPagesQuerySchema = v.object({ from: day, to: day, book: bookId });
export const StatsExportQuerySchema = v.object({ table: v.picklist(STATS_TABLES), from: day, to: day, book: v.optional(bookId) });

/** The rollup counters of a day (or their sum over a range). Times in ms. */
export interface StatsTotals {
  /** Times a reader was opened. */
  views: number;
  /** Distinct visitors per day, summed over the range's days. */
  readers: number;
  /** Visits that stayed at least STATS_LIMITS.readMinMs. */
  reads: number;
  /** Page views. */
  pages: number;
  /** Visible reading time. */
  time_ms: number;
  downloads: number;
  prints: number;
  shares: number;
  leads: number;
}

export interface StatsSummary {
  /** The range answered (after a free account's limit) and the one before it, of the same length. */
  from: string;
  to: string;
  previous: { from: string; to: string };
  /** The first day the account's plan shows (null: the whole history). */
  limited_from: string | null;
  /** The plan allows the CSV export. */
  can_export: boolean;
  totals: StatsTotals;
  previous_totals: StatsTotals;
  /** Every day of the range, oldest first, days without data at 0. */
  series: ({ day: string } & StatsTotals)[];
}

export interface StatsBookRow {
  id: string;
  name: string;
  views: number;
  readers: number;
  reads: number;
  time_ms: number;
}

export interface StatsSourceRow {
  source: StatSource;
  /** The referring or embedding site's host; '' for direct, the service name for share. */
  host: string;
  views: number;
  readers: number;
  /** A `share` row's shares: how often readers shared to that service (or copied the link) from the reader; else 0. */
  shares: number;
}

export interface StatsCountryRow {
  /** ISO 3166-1 alpha-2, or 'ZZ' when unknown. */
  country: string;
  views: number;
  readers: number;
}

export interface StatsDeviceRow {
  device: StatDevice;
  browser: StatBrowser;
  views: number;
  readers: number;
}

export interface StatsLanguageRow {
  /** The reader's language (primary tag), or '' when unknown. */
  language: string;
  views: number;
  readers: number;
}

export interface StatsPageRow {
  page: number;
  views: number;
  /** Average visible seconds-worth of ms per view. */
  avg_ms: number;
  /** Visits whose last page was this one (where readers stop). */
  exits: number;
}
