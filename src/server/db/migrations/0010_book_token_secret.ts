import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * A secret per book that its private-link token and its pages token are derived from
 * (src/server/reader/access.ts). Replacing it revokes every token given out before: renewing the
 * private link, switching the link off, or making the book public again. Before this migration the
 * tokens were derived from the book id alone and could never be taken back.
 * SQLite adds a NOT NULL column only with a constant default: the column gets '' and every existing
 * book is given its own random secret at once (the code writes one with every new book).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('token_secret', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const books = db as unknown as Kysely<{ books: { id: string; token_secret: string } }>;
  const rows = await books.selectFrom('books').select('id').execute();
  for (const { id } of rows)
    await books
      .updateTable('books')
      .set({ token_secret: randomBytes(16).toString('hex') })
      .where('id', '=', id)
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('token_secret').execute();
}
