import { type RawBuilder, sql } from 'kysely';
import type { BookSettings } from '../../contracts/books';
import type { Folder } from '../../contracts/presets';
import { isUniqueViolation } from '../accounts/helpers';
import { jsonObject } from '../accounts/views';
import type { DialectName, Executor } from '../db/index';
import type { FoldersTable } from '../db/schema';
import { ApiError } from '../envelope';

/**
 * Folders (SPEC §3 Subscription; migration 0006). A book's folder is `subscription.id` in its settings
 * JSON; counting and un-assigning read that JSON with each dialect's own JSON operator. Functions take
 * `db` (or the route's transaction) first; every lookup is scoped to an account.
 */

/** `settings ->> 'subscription.id'` of a book row, on either dialect. */
export function folderOfBook(dialect: DialectName): RawBuilder<string | null> {
  return dialect === 'postgres'
    ? sql<string | null>`(settings::jsonb ->> 'subscription.id')`
    : sql<string | null>`json_extract(settings, '$."subscription.id"')`;
}

/** The account's folders by name (case-insensitive), each with its number of books. */
export async function listFolders(db: Executor, dialect: DialectName, accountId: string): Promise<Folder[]> {
  const folders = await db
    .selectFrom('folders')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  if (folders.length === 0) return [];
  const folderId = folderOfBook(dialect);
  const counts = await db
    .selectFrom('books')
    .select([folderId.as('folder_id'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('account_id', '=', accountId)
    .where(folderId, 'is not', null)
    .groupBy(folderId)
    .execute();
  const byFolder = new Map(counts.map((c) => [c.folder_id, Number(c.n)]));
  return folders.map((f) => ({ id: f.id, name: f.name, books: byFolder.get(f.id) ?? 0 }));
}

export async function countFolders(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('folders')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findOwnedFolder(db: Executor, accountId: string, id: string): Promise<FoldersTable | undefined> {
  return db.selectFrom('folders').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
}

export async function insertFolder(db: Executor, folder: FoldersTable): Promise<void> {
  await db.insertInto('folders').values(folder).execute();
}

/** Renames; false when the folder is not the account's. */
export async function renameFolder(db: Executor, accountId: string, id: string, name: string): Promise<boolean> {
  const result = await db.updateTable('folders').set({ name }).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes the account's folder and takes its books out of it (their `subscription.id` becomes null);
 * answers the number of books un-assigned, or null when the folder is not the account's.
 */
export async function deleteFolder(db: Executor, dialect: DialectName, accountId: string, id: string, now: number): Promise<number | null> {
  const deleted = await db.deleteFrom('folders').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return null;
  const books = await db
    .selectFrom('books')
    .select(['id', 'settings'])
    .where('account_id', '=', accountId)
    .where(folderOfBook(dialect), '=', id)
    .execute();
  for (const book of books) {
    const settings = { ...jsonObject(book.settings), 'subscription.id': null };
    await db
      .updateTable('books')
      .set({ settings: JSON.stringify(settings), modified_at: now })
      .where('id', '=', book.id)
      .execute();
  }
  return books.length;
}

/**
 * A book may only be put in one of its owner's folders: a `subscription.id` that is not the caller's
 * folder is refused (VALIDATION naming the field) before anything is written. '' and null take the
 * book out of its folder.
 */
export async function assertOwnFolder(db: Executor, accountId: string, fields: Pick<BookSettings, 'subscription.id'>): Promise<void> {
  const id = fields['subscription.id'];
  if (id === undefined || id === null || id === '') return;
  if (!(await findOwnedFolder(db, accountId, id))) {
    throw new ApiError('validation', { message: 'validation.invalid', fields: ['subscription.id'] });
  }
}

/** A unique-index violation (same name, ignoring case) while `work` writes a folder is the caller's folderExists. */
export async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('folderExists', { fields: ['name'] });
    throw error;
  }
}
