import type { Kysely } from 'kysely';

/**
 * The statistics dashboard and its weekly digest (issue 17; src/server/stats/queries.ts, digest.ts),
 * beside migration 0020's tables:
 * - `stats_digests`: one row per profile and week (the week's Monday, `YYYY-MM-DD` UTC) whose digest
 *   was sent, so a week is never mailed twice; removed with the profile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stats_digests')
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_digests_pk', ['profile_id', 'week'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stats_digests').ifExists().execute();
}
