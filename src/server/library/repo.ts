import { type RawBuilder, sql } from 'kysely';
import type { BookSettings } from '../../contracts/books';
import { DEFAULT_SKIN } from '../../contracts/books';
import { LIBRARY_FIELD, LIBRARY_KINDS, type LibraryKind, libraryLocation, type SkinDesign } from '../../contracts/library';
import { RESOURCE_TOKEN } from '../../contracts/presets';
import { jsonObject } from '../accounts/views';
import type { DialectName, Executor } from '../db/index';
import type { LibraryItemsTable } from '../db/schema';
import { ApiError } from '../envelope';
import { catalogueImage } from '../presets/catalogue';

/**
 * The branding libraries' rows (migration 0017, issue 16). A book uses an item when its settings JSON
 * holds `resource:<id>` in the item's field (`skin.url`, `bg.url`, `logo.url`); counting and resetting
 * read that JSON with each dialect's own operator (as folders/repo.ts does). Functions take `db` (or
 * the route's transaction) first; every lookup but the file route's is scoped to an account.
 */

type Field = (typeof LIBRARY_FIELD)[LibraryKind];

/** `settings ->> '<field>'` of a book row, on either dialect (field names are constants). */
function settingOf(dialect: DialectName, field: Field): RawBuilder<string | null> {
  return dialect === 'postgres'
    ? sql<string | null>`(settings::jsonb ->> ${sql.lit(field)})`
    : sql<string | null>`json_extract(settings, ${sql.lit(`$."${field}"`)})`;
}

/** The account's items of one kind, newest first. */
export async function listItems(db: Executor, accountId: string, kind: LibraryKind): Promise<LibraryItemsTable[]> {
  return db
    .selectFrom('library_items')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countItems(db: Executor, accountId: string, kind: LibraryKind): Promise<number> {
  const row = await db
    .selectFrom('library_items')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Any account's item (the file route decides who may see it). */
export async function findItem(db: Executor, id: string): Promise<LibraryItemsTable | undefined> {
  return db.selectFrom('library_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOwnedItem(
  db: Executor,
  accountId: string,
  kind: LibraryKind,
  id: string,
): Promise<LibraryItemsTable | undefined> {
  return db
    .selectFrom('library_items')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The account's items among these ids (a book's resources). */
export async function ownedItems(db: Executor, accountId: string, ids: string[]): Promise<LibraryItemsTable[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('library_items').selectAll().where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

export async function insertItem(db: Executor, item: LibraryItemsTable): Promise<void> {
  await db.insertInto('library_items').values(item).execute();
}

/** Renames a skin and sets its design; false when it is not the account's. */
export async function updateSkin(db: Executor, accountId: string, id: string, name: string, design: SkinDesign): Promise<boolean> {
  const result = await db
    .updateTable('library_items')
    .set({ name, design: JSON.stringify(design) })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '=', 'skin')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many of the account's books use each of these items (ids without books are absent). */
export async function usage(
  db: Executor,
  dialect: DialectName,
  accountId: string,
  kind: LibraryKind,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const value = settingOf(dialect, LIBRARY_FIELD[kind]);
  const rows = await db
    .selectFrom('books')
    .select([value.as('location'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('account_id', '=', accountId)
    .where(value, 'in', ids.map(libraryLocation))
    .groupBy(value)
    .execute();
  return new Map(rows.map((r) => [String(r.location).slice('resource:'.length), Number(r.n)]));
}

/** What a book field goes back to when its item is deleted (SPEC §3: skin 2021, no background, no logo). */
export const FALLBACK: Readonly<Record<LibraryKind, string>> = { skin: DEFAULT_SKIN, background: '', logo: '' };

/**
 * Deletes the account's item and puts every book that used it back on the default (FALLBACK);
 * answers how many books that was, or null when the item is not the account's. Run it in a
 * transaction; the caller removes the files after the commit.
 */
export async function deleteItem(
  db: Executor,
  dialect: DialectName,
  accountId: string,
  kind: LibraryKind,
  id: string,
  now: number,
): Promise<number | null> {
  const deleted = await db
    .deleteFrom('library_items')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return null;
  const field = LIBRARY_FIELD[kind];
  const books = await db
    .selectFrom('books')
    .select(['id', 'settings'])
    .where('account_id', '=', accountId)
    .where(settingOf(dialect, field), '=', libraryLocation(id))
    .execute();
  for (const book of books) {
    const settings = { ...jsonObject(book.settings), [field]: FALLBACK[kind] };
    await db
      .updateTable('books')
      .set({ settings: JSON.stringify(settings), modified_at: now })
      .where('id', '=', book.id)
      .execute();
  }
  return books.length;
}

/** The `resource:` values of a settings object's library fields, by kind. */
function resourceValues(fields: Partial<Pick<BookSettings, Field>>): [LibraryKind, string][] {
  return LIBRARY_KINDS.flatMap((kind): [LibraryKind, string][] => {
    const value = fields[LIBRARY_FIELD[kind]];
    return typeof value === 'string' && RESOURCE_TOKEN.test(value.trim()) ? [[kind, value.trim()]] : [];
  });
}

/** Whether a resource value names a preset of this kind or one of these library items of this kind. */
function known(kind: LibraryKind, value: string, items: LibraryItemsTable[]): boolean {
  const id = value.slice('resource:'.length);
  // Catalogue images serve as backgrounds and logos alike (presets/catalogue.ts resourceToUrl).
  if (kind !== 'skin' && catalogueImage(id)) return true;
  return items.some((item) => item.id === id && item.kind === kind);
}

/** The items a settings object's resources could name (the account's own). */
const candidates = (db: Executor, accountId: string, values: [LibraryKind, string][]) =>
  ownedItems(
    db,
    accountId,
    values.map(([, value]) => value.slice('resource:'.length)),
  );

/**
 * A book's skin, background and logo may only be a preset of that kind or an item of the caller's own
 * library of that kind: any other `resource:` (another account's item, a deleted one, an unknown id,
 * a preset of another kind) is refused exactly alike (VALIDATION naming the field), before anything is
 * written.
 */
export async function assertOwnResources(db: Executor, accountId: string, fields: Partial<Pick<BookSettings, Field>>): Promise<void> {
  const values = resourceValues(fields);
  if (values.length === 0) return;
  const items = await candidates(db, accountId, values);
  const bad = values.filter(([kind, value]) => !known(kind, value, items)).map(([kind]) => LIBRARY_FIELD[kind]);
  if (bad.length > 0) throw new ApiError('validation', { message: 'validation.invalid', fields: bad });
}

/**
 * The upload's version: the settings an upload carries come from the browser's saved presets, which
 * may name an item deleted since; such a value is dropped (the new book gets the default, as the
 * books that used it did) rather than refusing the document.
 */
export async function withoutUnknownResources<T extends Partial<Pick<BookSettings, Field>>>(
  db: Executor,
  accountId: string,
  fields: T,
): Promise<T> {
  const values = resourceValues(fields);
  if (values.length === 0) return fields;
  const items = await candidates(db, accountId, values);
  const out = { ...fields };
  for (const [kind, value] of values) if (!known(kind, value, items)) delete out[LIBRARY_FIELD[kind]];
  return out;
}
