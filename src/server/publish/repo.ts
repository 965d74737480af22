import { type SelectQueryBuilder, sql } from 'kysely';
import type { BookListQuery, BookSort } from '../../contracts/books';
import type { DialectName, Executor } from '../db/index';
import type { BookRow, BookUpdate, Database, NewBook } from '../db/schema';
import { folderOfBook } from '../folders/repo';
import { forgetAccountSums } from '../stats/queries';

/** Books. Functions take `db` (or the route's transaction) first; every lookup is scoped to an account. */

export async function insertBook(db: Executor, book: NewBook): Promise<BookRow> {
  return db.insertInto('books').values(book).returningAll().executeTakeFirstOrThrow();
}

/** A book of this account (a foreign or unknown id reads as undefined: callers answer bookNotFound). */
export async function findOwnedBook(db: Executor, accountId: string, id: string): Promise<BookRow | undefined> {
  return db.selectFrom('books').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
}

export async function findOwnedBooks(db: Executor, accountId: string, ids: readonly string[]): Promise<BookRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('books')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('account_id', '=', accountId)
    .execute();
}

export async function updateBook(db: Executor, id: string, patch: BookUpdate, now: number): Promise<BookRow> {
  return db
    .updateTable('books')
    .set({ ...patch, modified_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the account's books among `ids` (their jobs go with them: on delete cascade); answers the ids deleted. */
export async function deleteOwnedBooks(db: Executor, accountId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('books')
    .where('id', 'in', [...ids])
    .where('account_id', '=', accountId)
    .returning('id')
    .execute();
  // The account's statistics summed over its publications hold the deleted ones' readers (issue 17).
  if (rows.length > 0) await forgetAccountSums(db, accountId);
  return rows.map((r) => r.id);
}

/** `%term%` for LIKE, with the wildcards of the term itself escaped (escape character `\`). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER: Record<BookSort, { column: 'created_at' | 'name'; direction: 'asc' | 'desc' }> = {
  date_desc: { column: 'created_at', direction: 'desc' },
  date_asc: { column: 'created_at', direction: 'asc' },
  name_asc: { column: 'name', direction: 'asc' },
  name_desc: { column: 'name', direction: 'desc' },
};

/**
 * One page of an account's books: `total` matches the search, `all` is every book of the account.
 * Names sort case-insensitively; the id breaks ties so pages never overlap.
 */
export async function listOwnedBooks(
  db: Executor,
  accountId: string,
  query: Pick<BookListQuery, 'start' | 'step' | 'sortby' | 'search'>,
  /** Further filters (the public API's): a folder (`subscription.id`, read with the dialect's JSON operator), a status. */
  filters: { folder?: { id: string; dialect: DialectName }; status?: string } = {},
): Promise<{ rows: BookRow[]; total: number; all: number }> {
  const owned: BooksQuery = db.selectFrom('books').where('account_id', '=', accountId);
  let narrowed = owned;
  if (filters.folder) narrowed = narrowed.where(folderOfBook(filters.folder.dialect), '=', filters.folder.id);
  if (filters.status !== undefined) narrowed = narrowed.where('status', '=', filters.status);
  const filtered = query.search
    ? narrowed.where(
        sql<boolean>`(lower(name) like lower(${likePattern(query.search)}) escape '\\' or lower(description) like lower(${likePattern(query.search)}) escape '\\')`,
      )
    : narrowed;
  const { column, direction } = ORDER[query.sortby];
  const sortKey = column === 'name' ? sql`lower(name)` : sql.ref('created_at');
  const [rows, total, all] = await Promise.all([
    filtered.selectAll().orderBy(sortKey, direction).orderBy('id', direction).limit(query.step).offset(query.start).execute(),
    count(filtered),
    filtered !== owned ? count(owned) : undefined,
  ]);
  return { rows, total, all: all ?? total };
}

// biome-ignore lint/complexity/noBannedTypes: Kysely's type of a query that selects nothing yet.
type BooksQuery = SelectQueryBuilder<Database, 'books', {}>;

async function count(query: BooksQuery): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
