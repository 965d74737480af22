import { type Kysely, sql } from 'kysely';
import { READER_DEVICES, type ReaderDevice, type ReaderStatsSummary } from '../../contracts/reader';
import type { Database } from '../db/schema';

/**
 * Reading statistics on our own tables (migration 0005): one row per reading session of a book and
 * one per page shown in it. Nothing personal is stored: the session is a random id of the reader's
 * tab, the device class is the reader's own guess from its viewport.
 */

/** A page's total time in one session stops growing here (a tab left open for days is not reading). */
export const SESSION_PAGE_CAP_MS = 3_600_000;

export interface StatsReport {
  bookId: string;
  session: string;
  device: ReaderDevice;
  open: boolean;
  pages: { page: number; ms: number }[];
}

/** Sums repeated pages of one report (an upsert may touch a row once per statement on PostgreSQL). */
export function mergePages(pages: { page: number; ms: number }[]): { page: number; ms: number }[] {
  const byPage = new Map<number, number>();
  for (const { page, ms } of pages) byPage.set(page, Math.min(SESSION_PAGE_CAP_MS, (byPage.get(page) ?? 0) + ms));
  return [...byPage].map(([page, ms]) => ({ page, ms }));
}

/** Adds a report to the session's rows (created on its first report). */
export async function recordReport(db: Kysely<Database>, report: StatsReport, now: number): Promise<void> {
  const opens = report.open ? 1 : 0;
  const pages = mergePages(report.pages);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('book_views')
      .values({ book_id: report.bookId, session: report.session, device: report.device, opens, started_at: now, last_at: now })
      // The session's device stays the one of its first report.
      .onConflict((oc) =>
        oc.columns(['book_id', 'session']).doUpdateSet((eb) => ({
          opens: eb(eb.ref('book_views.opens'), '+', opens),
          last_at: now,
        })),
      )
      .execute();
    if (pages.length === 0) return;
    await trx
      .insertInto('book_page_views')
      .values(pages.map(({ page, ms }) => ({ book_id: report.bookId, session: report.session, page, ms })))
      .onConflict((oc) =>
        oc.columns(['book_id', 'session', 'page']).doUpdateSet({
          // CASE rather than MIN/LEAST: the same SQL on SQLite and PostgreSQL.
          ms: sql<number>`case when book_page_views.ms + excluded.ms > ${SESSION_PAGE_CAP_MS} then ${SESSION_PAGE_CAP_MS} else book_page_views.ms + excluded.ms end`,
        }),
      )
      .execute();
  });
}

/** The owner's totals of a book with `pagesTotal` pages (every page listed, unseen ones at 0). */
export async function summarize(db: Kysely<Database>, bookId: string, pagesTotal: number): Promise<ReaderStatsSummary> {
  const sessions = await db
    .selectFrom('book_views')
    .select((eb) => ['device', eb.fn.countAll().as('readers'), eb.fn.sum('opens').as('views')])
    .where('book_id', '=', bookId)
    .groupBy('device')
    .execute();
  const perPage = await db
    .selectFrom('book_page_views')
    .select((eb) => ['page', eb.fn.countAll().as('views'), eb.fn.sum('ms').as('total')])
    .where('book_id', '=', bookId)
    .groupBy('page')
    .execute();
  // PostgreSQL answers count and sum as strings (bigint, numeric): every aggregate goes through Number.
  const devices = Object.fromEntries(READER_DEVICES.map((d) => [d, 0])) as Record<ReaderDevice, number>;
  let views = 0;
  let readers = 0;
  for (const row of sessions) {
    if ((READER_DEVICES as readonly string[]).includes(row.device)) devices[row.device as ReaderDevice] += Number(row.readers);
    readers += Number(row.readers);
    views += Number(row.views ?? 0);
  }
  const byPage = new Map(perPage.map((row) => [row.page, { views: Number(row.views), total: Number(row.total ?? 0) }]));
  const pages = Array.from({ length: pagesTotal }, (_, i) => {
    const seen = byPage.get(i + 1);
    return { page: i + 1, views: seen?.views ?? 0, avg_ms: seen && seen.views > 0 ? Math.round(seen.total / seen.views) : 0 };
  });
  return { views, readers, pages, devices };
}
