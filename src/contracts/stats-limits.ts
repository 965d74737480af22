// The statistics' limits and beacon names alone (no schema): the reader's bundle reads them without
// stats.ts's schemas (esbuild keeps a module's top-level schema calls). stats.ts re-exports them.

export const STATS_LIMITS = {
  /** Events in one batch. */
  batchMax: 100,
  /** Bytes of one batch's body. */
  bodyMaxBytes: 16_384,
  /** A visit that stays this long is a read. */
  readMinMs: 5_000,
  /** Time on one page in one event is capped (a tab left open is not reading). */
  pageMsMax: 600_000,
  /** The reader sends its batch this often while reading, and on leaving (pagehide / hidden). */
  flushMs: 15_000,
  /** Longest range of one dashboard call. */
  maxRangeDays: 3_660,
  /** Days a free account sees (today included); premium and up see the whole history. */
  freeHistoryDays: 30,
  /** Raw events kept by default (QUIRE_STATS_RAW_DAYS). */
  rawDaysDefault: 30,
  /** Rows of the top tables (books, sources, countries). */
  topRows: 50,
  /** Length of a referrer, search query or link kept (a host is kept, not the full address). */
  refMaxLength: 2_048,
} as const;

/** Path of the statistics beacon below the `beacon` host (next to the share beacon's `/b.gif`). */
export const STATS_PATH = '/e';

/**
 * Query parameters of a reader's address that tell the statistics where the visit came from:
 * `src` the share service whose link was followed (SPEC §7 source marker; the reader's share menu adds it
 * to the links it shares), `via=widget` a reader opened from the library widget, and with it `site` the
 * origin of the page that embeds the widget (the widget's script adds it to its reader links: the reader's
 * own referrer is then the widget's page, ours, so the embedding site would be lost).
 */
export const STATS_PARAMS = { share: 'src', via: 'via', site: 'site' } as const;
export const STATS_VIA_WIDGET = 'widget';

/**
 * An address with the share marker of a service (`?src=facebook`): the links the reader's share menu
 * and the app's share modal give to a service, so the statistics count the visits they bring as
 * source `share` with that service.
 */
export function withShareMarker(url: string, service: string): string {
  const u = new URL(url);
  u.searchParams.set(STATS_PARAMS.share, service);
  return u.href;
}
