import type { Kysely } from 'kysely';

/**
 * Statistics (issue 17; contract src/contracts/stats.ts). Dialect-neutral like 0016: epoch ms bigint,
 * days as `YYYY-MM-DD` text (UTC), integer counters, text ids. No address, cookie or user agent is
 * stored: a visitor is a hash of the address, the user agent and the day's salt (`stats_salts`, one per
 * day, deleted with the raw events), a visit is the reader tab's random id.
 *
 * - `stats_events`: the raw events, kept `QUIRE_STATS_RAW_DAYS` days (purged by `at`).
 * - `stats_visits`: one row per visit of a book and day: its visible time (a read once it reaches
 *   STATS_LIMITS.readMinMs) and its last page (where the reader stopped). Purged with the raw events;
 *   the rollups already hold what they mean.
 * - `stats_visitors`: the visitors seen per book and day (unique readers), purged likewise.
 * - Rollups, kept for good and the only tables a dashboard reads: `stats_daily` (per publication and
 *   day), `stats_daily_pages` (per page and day), `stats_daily_dims` (per dimension value and day:
 *   dim = source | country | device | browser | language; `detail` is the source's host, '' otherwise).
 *   Each carries the owner's `account_id`, so an account's dashboard reads one index range.
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
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('ms', 'integer')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
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
    .addPrimaryKeyConstraint('stats_visits_pk', ['book_id', 'visit'])
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
