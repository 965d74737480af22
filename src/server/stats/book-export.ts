import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { STATS_DAILY_COUNTERS, type StatsDailyCounter } from './tables';

/**
 * A publication's statistics as its owner's data export writes them (src/server/privacy/export.ts,
 * `statistics.json`): the daily rollups of issue 17, nothing from the raw events (they hold visitor
 * hashes, which identify no one and are not the owner's data). Totals over every day, each day, each
 * page (summed over the days) and each dimension value (summed likewise).
 */

export interface BookStatistics {
  totals: Record<StatsDailyCounter, number>;
  days: ({ day: string } & Record<StatsDailyCounter, number>)[];
  pages: { page: number; views: number; time_ms: number; exits: number }[];
  dimensions: { dim: string; value: string; detail: string; views: number; readers: number }[];
}

export async function bookStatistics(db: Kysely<Database>, bookId: string): Promise<BookStatistics> {
  const dayRows = await db
    .selectFrom('stats_daily')
    .select(['day', ...STATS_DAILY_COUNTERS])
    .where('book_id', '=', bookId)
    .orderBy('day')
    .execute();
  const totals = Object.fromEntries(STATS_DAILY_COUNTERS.map((c) => [c, 0])) as Record<StatsDailyCounter, number>;
  // PostgreSQL answers bigint columns and sums as strings: every number goes through Number.
  const days = dayRows.map((r) => {
    const row = { day: r.day } as { day: string } & Record<StatsDailyCounter, number>;
    for (const c of STATS_DAILY_COUNTERS) {
      row[c] = Number(r[c]);
      totals[c] += row[c];
    }
    return row;
  });
  const pages = await db
    .selectFrom('stats_daily_pages')
    .select((eb) => ['page', eb.fn.sum('views').as('views'), eb.fn.sum('time_ms').as('time_ms'), eb.fn.sum('exits').as('exits')])
    .where('book_id', '=', bookId)
    .groupBy('page')
    .orderBy('page')
    .execute();
  const dims = await db
    .selectFrom('stats_daily_dims')
    .select((eb) => ['dim', 'value', 'detail', eb.fn.sum('views').as('views'), eb.fn.sum('readers').as('readers')])
    .where('book_id', '=', bookId)
    .groupBy(['dim', 'value', 'detail'])
    .orderBy('dim')
    .orderBy('value')
    .orderBy('detail')
    .execute();
  return {
    totals,
    days,
    pages: pages.map((p) => ({ page: p.page, views: Number(p.views), time_ms: Number(p.time_ms), exits: Number(p.exits) })),
    dimensions: dims.map((d) => ({ dim: d.dim, value: d.value, detail: d.detail, views: Number(d.views), readers: Number(d.readers) })),
  };
}
