import type { Kysely } from 'kysely';

/**
 * Share counts of the usage beacon (issue 7, `{beacon}/b.gif`). The beacon is hit far more often than
 * anything is read back, so hits are added up in memory and written as counters per (account, book,
 * source, device, UTC day): one upserted row per combination and flush, never a row per hit.
 * No IP address, user agent or sharer is stored. book_id '' = the account's own page was shared.
 * No foreign keys: rows are checked against books/accounts when a batch is written (src/server/beacon).
 * Dialect-neutral like 0002/0004: integers, text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_counts')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('book_id', 'text', (c) => c.notNull())
    /** A service of SHARE_SERVICES or `copy` (src/contracts/share.ts). */
    .addColumn('source', 'text', (c) => c.notNull())
    /** desktop, tablet or phone. */
    .addColumn('device', 'text', (c) => c.notNull())
    /** YYYY-MM-DD (UTC). */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    // account first: the owner's queries filter on it (and on book_id).
    .addPrimaryKeyConstraint('share_counts_pk', ['account_id', 'book_id', 'source', 'device', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_counts').ifExists().execute();
}
