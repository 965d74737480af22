import type { Kysely } from 'kysely';

/**
 * The statistics dashboard on PostgreSQL under load (issue 17; src/server/stats/queries.ts,
 * tests/bench/stats-dashboard.mjs), beside 0020's rollups and 0021's account sums:
 * - `stats_daily_dims_book_cover`: a publication's dimension tables (`sources?book=…`). 0020's primary
 *   key leads with (book_id, day), but the rollup writes a day's rows of every publication together, so
 *   one publication's 90 days of sources lay one row per table page and PostgreSQL read thousands of
 *   pages per call. The covering index holds a publication's dimension, days, values and counters in
 *   one index range (an index-only scan; no table reads on SQLite either).
 * - `stats_account_ranges`: an account's top tables (publications, each dimension) summed over the
 *   closed days of a range (its first day to the last closed day within it), once: closed days no longer
 *   change, so a call sums these few rows (one per publication or value) with the rollups of the last
 *   open days, instead of the weeks and days of 0021's sums again on every call. `kind` is `books`
 *   (`key`: the publication) or a dimension (`key`, `detail`: its value and detail). Which ranges are
 *   built, and when, is in `stats_account_ranges_built`. `shares` (sources): the shares per service; an account keeps its latest few. Deleting a
 *   publication drops the account's ranges (publish/repo.ts, with 0021's day sums).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('stats_daily_dims_book_cover')
    .on('stats_daily_dims')
    .columns(['book_id', 'dim', 'day', 'value', 'detail', 'views', 'readers'])
    .execute();
  await db.schema
    .createTable('stats_account_ranges_built')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('first', 'text', (c) => c.notNull())
    .addColumn('last', 'text', (c) => c.notNull())
    .addColumn('built_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_account_ranges_built_pk', ['account_id', 'kind', 'first', 'last'])
    .execute();
  await db.schema
    .createTable('stats_account_ranges')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('first', 'text', (c) => c.notNull())
    .addColumn('last', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('views', 'bigint', (c) => c.notNull())
    .addColumn('readers', 'bigint', (c) => c.notNull())
    .addColumn('reads', 'bigint', (c) => c.notNull())
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    .addColumn('shares', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_account_ranges_pk', ['account_id', 'kind', 'first', 'last', 'key', 'detail'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stats_account_ranges').ifExists().execute();
  await db.schema.dropTable('stats_account_ranges_built').ifExists().execute();
  await db.schema.dropIndex('stats_daily_dims_book_cover').ifExists().execute();
}
