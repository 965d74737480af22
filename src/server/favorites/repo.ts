import type { Executor } from '../db/index';
import type { BookRow } from '../db/schema';

/** Favourite publications (migration 0016). Functions take `db` (or a transaction) first. */

type Paging = { start: number; step: number };

/** What the list needs of a favourite's book to judge it and draw its card. */
export type FavoriteRow = Pick<
  BookRow,
  | 'id'
  | 'account_id'
  | 'name'
  | 'publishing_mode'
  | 'is_published'
  | 'is_valid'
  | 'status'
  | 'publish_at'
  | 'is_adult'
  | 'revision'
  | 'token_secret'
> & { account_name: string; added_at: number };

export async function isFavorite(db: Executor, profileId: string, bookId: string): Promise<boolean> {
  const row = await db
    .selectFrom('favorites')
    .select('book_id')
    .where('profile_id', '=', profileId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many people keep a book among their favourites (the publication page shows it). */
export async function countBookFavorites(db: Executor, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('favorites')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many favourites a profile keeps (available or not). */
export async function countProfileFavorites(db: Executor, profileId: string): Promise<number> {
  const row = await db
    .selectFrom('favorites')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds a favourite: `added`, `kept` when it already was one (nothing changes), or `full` when the
 * profile already keeps `max` (nothing changes either).
 */
export async function addFavorite(
  db: Executor,
  f: { profileId: string; bookId: string },
  now: number,
  max: number,
): Promise<'added' | 'kept' | 'full'> {
  if (await isFavorite(db, f.profileId, f.bookId)) return 'kept';
  if ((await countProfileFavorites(db, f.profileId)) >= max) return 'full';
  await db
    .insertInto('favorites')
    .values({ profile_id: f.profileId, book_id: f.bookId, created_at: now })
    .onConflict((oc) => oc.columns(['profile_id', 'book_id']).doNothing())
    .execute();
  return 'added';
}

/** Removes a favourite; false when the profile had no such favourite. */
export async function removeFavorite(db: Executor, profileId: string, bookId: string): Promise<boolean> {
  const result = await db.deleteFrom('favorites').where('profile_id', '=', profileId).where('book_id', '=', bookId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One page of a profile's favourites, newest first (the book id breaks ties so pages never overlap). */
export async function listFavorites(db: Executor, profileId: string, p: Paging): Promise<{ rows: FavoriteRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('favorites')
      .innerJoin('books', 'books.id', 'favorites.book_id')
      .innerJoin('accounts', 'accounts.id', 'books.account_id')
      .select([
        'books.id',
        'books.account_id',
        'books.name',
        'books.publishing_mode',
        'books.is_published',
        'books.is_valid',
        'books.status',
        'books.publish_at',
        'books.is_adult',
        'books.revision',
        'books.token_secret',
        'accounts.name as account_name',
        'favorites.created_at as added_at',
      ])
      .where('favorites.profile_id', '=', profileId)
      .orderBy('favorites.created_at', 'desc')
      .orderBy('favorites.book_id', 'desc')
      .limit(p.step)
      .offset(p.start)
      .execute(),
    countProfileFavorites(db, profileId),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, publish_at: r.publish_at === null ? null : Number(r.publish_at), added_at: Number(r.added_at) })),
    total,
  };
}
