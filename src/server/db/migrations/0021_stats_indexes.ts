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
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
  await db.schema.dropIndex('stats_daily_dims_account_cover').ifExists().execute();
  await db.schema.createIndex('stats_daily_dims_account').on('stats_daily_dims').columns(['account_id', 'dim', 'day']).execute();
  await db.schema.dropIndex('stats_daily_account_cover').ifExists().execute();
  await db.schema.createIndex('stats_daily_account_day').on('stats_daily').columns(['account_id', 'day']).execute();
  await db.schema.dropTable('stats_digests').ifExists().execute();
}
