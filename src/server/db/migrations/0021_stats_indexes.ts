import type { Kysely } from 'kysely';

/**
 * The statistics dashboard and its weekly digest (issue 17; src/server/stats/queries.ts, digest.ts),
 * beside migration 0020's tables:
 * - `stats_digests`: one row per profile and week (the week's Monday, `YYYY-MM-DD` UTC) whose digest
 *   was sent, so a week is never mailed twice; removed with the profile.
 * - Covering indexes of the account-wide calls (tests/bench/stats-dashboard.mjs): an account's range of
 *   days is one index range holding every column the query sums, so neither SQLite nor PostgreSQL
 *   (index-only scans) reads the tables' rows. They replace 0020's narrower indexes on the same leading
 *   columns. A book's calls use the tables' primary keys (book_id, day, …).
 * - The account-wide rollups of closed days (src/server/stats/queries.ts): 0020's rollups are per
 *   publication, and an account with thousands of them would have its 90-day tables summed over
 *   hundreds of thousands of rows per call. Days older than STATS_CLOSED_AFTER_DAYS no longer change,
 *   so the first call that needs them sums them once into `stats_account_daily` (per account and day),
 *   `stats_account_dims` (per account, day and dimension value) and `stats_account_books` (per account,
 *   week from Monday and publication); `stats_account_cached` lists what is built (kind `daily` and
 *   `dims`: a day; `books`: a week's Monday).
 *   Deleting a publication drops its week rows (cascade) and the account's day rows (publish/repo.ts),
 *   which are built again when needed; deleting the account drops them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let daily = db.schema
    .createTable('stats_account_daily')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull());
  for (const counter of ['views', 'readers', 'reads', 'pages', 'time_ms', 'downloads', 'prints', 'shares', 'leads'])
    daily = daily.addColumn(counter, 'bigint', (c) => c.notNull());
  await daily.addPrimaryKeyConstraint('stats_account_daily_pk', ['account_id', 'day']).execute();
  await db.schema
    .createTable('stats_account_dims')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('views', 'bigint', (c) => c.notNull())
    .addColumn('readers', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_account_dims_pk', ['account_id', 'dim', 'day', 'value', 'detail'])
    .execute();
  await db.schema
    .createTable('stats_account_books')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('views', 'bigint', (c) => c.notNull())
    .addColumn('readers', 'bigint', (c) => c.notNull())
    .addColumn('reads', 'bigint', (c) => c.notNull())
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_account_books_pk', ['account_id', 'week', 'book_id'])
    .execute();
  await db.schema
    .createTable('stats_account_cached')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_account_cached_pk', ['account_id', 'kind', 'period'])
    .execute();
  await db.schema.dropIndex('stats_daily_account_day').ifExists().execute();
  await db.schema
    .createIndex('stats_daily_account_cover')
    .on('stats_daily')
    .columns(['account_id', 'day', 'book_id', 'views', 'readers', 'reads', 'pages', 'time_ms', 'downloads', 'prints', 'shares', 'leads'])
    .execute();
  await db.schema.dropIndex('stats_daily_dims_account').ifExists().execute();
  await db.schema
    .createIndex('stats_daily_dims_account_cover')
    .on('stats_daily_dims')
    .columns(['account_id', 'dim', 'day', 'value', 'detail', 'views', 'readers'])
    .execute();
  await db.schema
    .createTable('stats_digests')
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_digests_pk', ['profile_id', 'week'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['stats_account_cached', 'stats_account_books', 'stats_account_dims', 'stats_account_daily'])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema.dropIndex('stats_daily_dims_account_cover').ifExists().execute();
  await db.schema.createIndex('stats_daily_dims_account').on('stats_daily_dims').columns(['account_id', 'dim', 'day']).execute();
  await db.schema.dropIndex('stats_daily_account_cover').ifExists().execute();
  await db.schema.createIndex('stats_daily_account_day').on('stats_daily').columns(['account_id', 'day']).execute();
  await db.schema.dropTable('stats_digests').ifExists().execute();
}
