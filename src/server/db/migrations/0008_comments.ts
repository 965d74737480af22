import type { Kysely } from 'kysely';

/**
 * Comments on publications (comment_mode 4 accept, 1 moderate, 0 refuse) and subscribers of a
 * publisher (subscribe_mode 1). Dialect-neutral like 0002/0004: epoch ms bigint, text ids.
 *
 * The author's name is copied when the comment is written: the publisher moderates what readers saw,
 * even if the author later renames their account. Deleting a book or an account removes its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** published | held (awaits the owner) | rejected */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The reader lists a book's published comments newest first; the owner filters by status.
  await db.schema.createIndex('book_comments_book_status').on('book_comments').columns(['book_id', 'status', 'created_at']).execute();
  // Rate limiting per author looks at their latest comments.
  await db.schema.createIndex('book_comments_profile').on('book_comments').columns(['profile_id', 'created_at']).execute();

  await db.schema
    .createTable('publisher_subscribers')
    /** The publisher (the account that owns the books). */
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** The reader who follows it. */
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('publisher_subscribers_pk', ['account_id', 'profile_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('publisher_subscribers').ifExists().execute();
  await db.schema.dropTable('book_comments').ifExists().execute();
}
