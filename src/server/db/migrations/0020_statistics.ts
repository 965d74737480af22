import type { Kysely } from 'kysely';
import { up as createReadingStats } from './0005_reading_stats';

/**
 * Statistics (issue 17; contract src/contracts/stats.ts). Dialect-neutral like 0016: epoch ms bigint,
 * days as `YYYY-MM-DD` text (UTC), integer counters, text ids. No address, cookie or user agent is
 * stored: a visitor is a hash of the address, the user agent and the day's salt (`stats_salts`, one per
 * day, deleted with the raw events), a visit is the reader tab's random id.
 *
 * - `stats_events`: the raw events, kept `QUIRE_STATS_RAW_DAYS` days (purged by `at`): one row per batch
 *   received and counted (its visit, visitor hash, dimensions, and its events as JSON with their
 *   number `n`), so the ingest writes one raw row per batch rather than per event.
 * - `stats_visits`: one row per visit of a book and day: its visible time (a read once it reaches
 *   STATS_LIMITS.readMinMs) and its last page (where the reader stopped). Purged with the raw events;
 *   the rollups already hold what they mean.
 * - `stats_visitors`: the visitors seen per book and day (unique readers), purged likewise.
 * - Rollups, kept for good and the only tables a dashboard reads: `stats_daily` (per publication and
 *   day), `stats_daily_pages` (per page and day), `stats_daily_dims` (per dimension value and day:
 *   dim = source | country | device | browser | language; `detail` is the source's host, '' otherwise).
 *   Each carries the owner's `account_id`, so an account's dashboard reads one index range.
 *
 * The reading statistics of 0005 (book_views: one row per reader tab with its opens; book_page_views:
 * its pages' time) are folded into the rollups, then dropped: per book and UTC day of the session's
 * start, views = its opens, readers = its sessions, pages = its session-pages and time_ms their time;
 * the page rows likewise (no exits: 0005 did not keep the last page); of the dimensions only the
 * device is known (views and readers per device class). Nothing else of those rows existed to keep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stats_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stats_events')
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('visit', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
    /** The batch's events as they were counted: JSON [{k, p?, ms?, at?}], and how many. */
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stats_events_at').on('stats_events').column('at').execute();
  await db.schema.createIndex('stats_events_book_day').on('stats_events').columns(['book_id', 'day']).execute();

  await db.schema
    .createTable('stats_visits')
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('visit', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_page', 'integer')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    // Visit first: a flush looks its visits up by id (`visit in (…)`), then checks the book.
    .addPrimaryKeyConstraint('stats_visits_pk', ['visit', 'book_id'])
    .execute();
  await db.schema.createIndex('stats_visits_started').on('stats_visits').column('started_at').execute();

  await db.schema
    .createTable('stats_visitors')
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_visitors_pk', ['book_id', 'day', 'visitor'])
    .execute();
  await db.schema.createIndex('stats_visitors_day').on('stats_visitors').column('day').execute();

  await db.schema
    .createTable('stats_daily')
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('readers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prints', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shares', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('zooms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('searches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('links', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_daily_pk', ['book_id', 'day'])
    .execute();
  await db.schema.createIndex('stats_daily_account_day').on('stats_daily').columns(['account_id', 'day']).execute();

  await db.schema
    .createTable('stats_daily_pages')
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('exits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_daily_pages_pk', ['book_id', 'day', 'page'])
    .execute();

  await db.schema
    .createTable('stats_daily_dims')
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('readers', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_daily_dims_pk', ['book_id', 'day', 'dim', 'value', 'detail'])
    .execute();
  await db.schema.createIndex('stats_daily_dims_account').on('stats_daily_dims').columns(['account_id', 'dim', 'day']).execute();

  await foldReadingStats(db);
  await db.schema.dropTable('book_page_views').execute();
  await db.schema.dropTable('book_views').execute();
}

const PAGE = 2_000;
const dayOf = (ms: number) => new Date(ms - (ms % 86_400_000)).toISOString().slice(0, 10);

/** Adds `values` to `map[key]`'s counters (created from `base`). */
function add<T extends Record<string, string | number>>(map: Map<string, T>, key: string, base: () => T, values: Partial<T>): void {
  let row = map.get(key);
  if (!row) {
    row = base();
    map.set(key, row);
  }
  for (const [k, n] of Object.entries(values)) (row as Record<string, number>)[k] = Number(row[k]) + Number(n);
}

/** 0005's rows → the rollups (read a page at a time, written per book so memory stays small). */
async function foldReadingStats(unknownDb: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables of its own time, not today's schema.
  const db = unknownDb as Kysely<any>;
  const owners = new Map<string, string>();
  let after = '';
  for (;;) {
    const books: { id: string; account_id: string }[] = await db
      .selectFrom('books')
      .select(['id', 'account_id'])
      .where('id', '>', after)
      .where((eb) => eb.exists(eb.selectFrom('book_views').select('book_id').whereRef('book_views.book_id', '=', 'books.id')))
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (books.length === 0) break;
    for (const b of books) owners.set(b.id, b.account_id);
    after = books[books.length - 1]?.id ?? after;
    if (books.length < PAGE) break;
  }
  for (const [bookId, accountId] of owners) {
    const sessions: { session: string; device: string; opens: number | string; started_at: number | string }[] = await db
      .selectFrom('book_views')
      .select(['session', 'device', 'opens', 'started_at'])
      .where('book_id', '=', bookId)
      .execute();
    const dayOfSession = new Map<string, string>();
    const daily = new Map<string, Record<string, string | number>>();
    const dims = new Map<string, Record<string, string | number>>();
    const pages = new Map<string, Record<string, string | number>>();
    for (const s of sessions) {
      const day = dayOf(Number(s.started_at));
      dayOfSession.set(s.session, day);
      const opens = Number(s.opens);
      add(daily, day, () => ({ book_id: bookId, account_id: accountId, day, views: 0, readers: 0, pages: 0, time_ms: 0 }), {
        views: opens,
        readers: 1,
      });
      add(
        dims,
        `${day}|${s.device}`,
        () => ({ book_id: bookId, account_id: accountId, day, dim: 'device', value: s.device, detail: '', views: 0, readers: 0 }),
        { views: opens, readers: 1 },
      );
    }
    const pageRows: { session: string; page: number; ms: number | string }[] = await db
      .selectFrom('book_page_views')
      .select(['session', 'page', 'ms'])
      .where('book_id', '=', bookId)
      .execute();
    for (const p of pageRows) {
      const day = dayOfSession.get(p.session);
      if (!day) continue;
      const ms = Number(p.ms);
      add(daily, day, () => ({ book_id: bookId, account_id: accountId, day, views: 0, readers: 0, pages: 0, time_ms: 0 }), {
        pages: 1,
        time_ms: ms,
      });
      add(pages, `${day}|${p.page}`, () => ({ book_id: bookId, day, page: p.page, views: 0, time_ms: 0, exits: 0 }), {
        views: 1,
        time_ms: ms,
      });
    }
    for (const [table, map] of [
      ['stats_daily', daily],
      ['stats_daily_dims', dims],
      ['stats_daily_pages', pages],
    ] as const) {
      const rows = [...map.values()];
      for (let i = 0; i < rows.length; i += 300)
        await db
          .insertInto(table)
          .values(rows.slice(i, i + 300))
          .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The reading statistics' tables come back empty (their rows live on in the rollups only).
  await createReadingStats(db);
  for (const table of [
    'stats_daily_dims',
    'stats_daily_pages',
    'stats_daily',
    'stats_visitors',
    'stats_visits',
    'stats_events',
    'stats_salts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
