import type { Kysely } from 'kysely';

/**
 * Favourite publications (issue 16, /account/favorite): one row per reader profile and book, newest
 * first in the list. Dialect-neutral like 0008: epoch ms bigint, text ids. Deleting the book or the
 * profile removes its rows (a deleted publication leaves every list).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['profile_id', 'book_id'])
    .execute();
  // The list reads one profile's rows newest first; the publication page counts a book's.
  await db.schema.createIndex('favorites_profile_created').on('favorites').columns(['profile_id', 'created_at']).execute();
  await db.schema.createIndex('favorites_book').on('favorites').column('book_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favorites').ifExists().execute();
}
