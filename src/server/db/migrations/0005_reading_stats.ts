import type { Kysely } from 'kysely';

/**
 * Reading statistics (issue "Reading": views, pages viewed, time per page, device class), kept on
 * our own server, no third-party tracker. A reading session is a random id the reader makes (kept in
 * the tab's sessionStorage, not a cookie); no IP address, account or user agent is stored.
 * Dialect-neutral like 0002/0004: epoch ms bigint, integers, text.
 *
 * Both primary keys start with book_id, so they are the per-book index the owner's totals use:
 * views = sum(book_views.opens), readers = count(book_views), per page = count and avg(ms) of
 * book_page_views grouped by page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_views')
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('session', 'text', (c) => c.notNull())
    /** desktop, tablet or phone (the reader's own guess from its viewport). */
    .addColumn('device', 'text', (c) => c.notNull())
    /** Times the reader was opened in this session (a reload of the tab counts again). */
    .addColumn('opens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_views_pk', ['book_id', 'session'])
    .execute();

  await db.schema
    .createTable('book_page_views')
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    /** Total visible time of the page in this session (capped, see reader/stats.ts). */
    .addColumn('ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_page_views_pk', ['book_id', 'session', 'page'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_page_views').ifExists().execute();
  await db.schema.dropTable('book_views').ifExists().execute();
}
