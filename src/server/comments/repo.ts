import type { CommentPage, CommentStatus, OwnerComment, PublicComment, Subscriber } from '../../contracts/comments';
import { newId } from '../auth/crypto';
import type { Executor } from '../db/index';
import type { BookCommentRow, ProfileRow } from '../db/schema';

/** Comments and subscribers (migration 0008). Functions take `db` (or a transaction) first. */

type Paging = { start: number; step: number };

const page = <T>(list: T[], total: number, p: Paging): CommentPage<T> => ({ list, total, start: p.start, step: { current: p.step } });
const publicView = (r: Pick<BookCommentRow, 'id' | 'author_name' | 'text' | 'created_at'>): PublicComment => ({
  id: r.id,
  author_name: r.author_name,
  text: r.text,
  created_at: Number(r.created_at),
});

/** The name a comment is signed with: the author's own name, else their account's. */
export function authorName(profile: Pick<ProfileRow, 'firstname' | 'lastname'>, accountName: string): string {
  const own = [profile.firstname, profile.lastname]
    .filter((s) => s?.trim())
    .join(' ')
    .trim();
  return (own || accountName).slice(0, 120);
}

export async function insertComment(
  db: Executor,
  c: { bookId: string; profileId: string; authorName: string; text: string; status: CommentStatus },
  now: number,
): Promise<PublicComment> {
  const row = {
    id: newId(),
    book_id: c.bookId,
    profile_id: c.profileId,
    author_name: c.authorName,
    text: c.text,
    status: c.status,
    created_at: now,
  };
  await db.insertInto('book_comments').values(row).execute();
  return publicView(row);
}

/** Comments a profile wrote since `since` (the per-author rate limit). */
export async function countRecentComments(db: Executor, profileId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('book_comments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile_id', '=', profileId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of a book's comments (only the published ones, or all), newest first (the id breaks ties so pages never overlap). */
async function bookComments(db: Executor, bookId: string, p: Paging, publishedOnly: boolean) {
  let base = db.selectFrom('book_comments').where('book_id', '=', bookId);
  if (publishedOnly) base = base.where('status', '=', 'published');
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'author_name', 'text', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(p.step)
      .offset(p.start)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Published comments of a book, newest first. */
export async function listPublished(db: Executor, bookId: string, p: Paging): Promise<CommentPage<PublicComment>> {
  const { rows, total } = await bookComments(db, bookId, p, true);
  return page(rows.map(publicView), total, p);
}

/** Every comment of a book (held and published), newest first, with its status (the public API's list). */
export async function listOfBook(db: Executor, bookId: string, p: Paging): Promise<CommentPage<PublicComment & { status: CommentStatus }>> {
  const { rows, total } = await bookComments(db, bookId, p, false);
  return page(
    rows.map((r) => ({ ...publicView(r), status: r.status as CommentStatus })),
    total,
    p,
  );
}

/** Comments with one status on the books of an account, newest first. */
export async function listOwned(db: Executor, accountId: string, status: CommentStatus, p: Paging): Promise<CommentPage<OwnerComment>> {
  const base = db
    .selectFrom('book_comments')
    .innerJoin('books', 'books.id', 'book_comments.book_id')
    .where('books.account_id', '=', accountId)
    .where('book_comments.status', '=', status);
  const [rows, total] = await Promise.all([
    base
      .select([
        'book_comments.id',
        'book_comments.author_name',
        'book_comments.text',
        'book_comments.created_at',
        'book_comments.status',
        'books.id as book_id',
        'books.name as book_name',
      ])
      .orderBy('book_comments.created_at', 'desc')
      .orderBy('book_comments.id', 'desc')
      .limit(p.step)
      .offset(p.start)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map((r) => ({
    ...publicView(r),
    status: r.status as CommentStatus,
    book: { id: r.book_id, name: r.book_name },
  }));
  return page(list, Number(total.n), p);
}

/** A comment on one of the account's books (undefined otherwise: another owner's comment is "not found"). */
export async function findOwnedComment(db: Executor, accountId: string, id: string): Promise<OwnerComment | undefined> {
  const r = await db
    .selectFrom('book_comments')
    .innerJoin('books', 'books.id', 'book_comments.book_id')
    .where('books.account_id', '=', accountId)
    .where('book_comments.id', '=', id)
    .select([
      'book_comments.id',
      'book_comments.author_name',
      'book_comments.text',
      'book_comments.created_at',
      'book_comments.status',
      'books.id as book_id',
      'books.name as book_name',
    ])
    .executeTakeFirst();
  return r && { ...publicView(r), status: r.status as CommentStatus, book: { id: r.book_id, name: r.book_name } };
}

export async function setCommentStatus(db: Executor, id: string, status: CommentStatus): Promise<void> {
  await db.updateTable('book_comments').set({ status }).where('id', '=', id).execute();
}

export async function deleteComment(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('book_comments').where('id', '=', id).execute();
}

export async function isSubscribed(db: Executor, accountId: string, profileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('publisher_subscribers')
    .select('profile_id')
    .where('account_id', '=', accountId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return !!row;
}

/** Follows a publisher; following twice changes nothing. */
export async function subscribe(db: Executor, accountId: string, profileId: string, now: number): Promise<void> {
  await db
    .insertInto('publisher_subscribers')
    .values({ account_id: accountId, profile_id: profileId, created_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'profile_id']).doNothing())
    .execute();
}

export async function unsubscribe(db: Executor, accountId: string, profileId: string): Promise<void> {
  await db.deleteFrom('publisher_subscribers').where('account_id', '=', accountId).where('profile_id', '=', profileId).execute();
}

/** A publisher's subscribers, newest first, with the name they are known by (own name, else account name). */
export async function listSubscribers(db: Executor, accountId: string, p: Paging): Promise<CommentPage<Subscriber>> {
  const base = db.selectFrom('publisher_subscribers').where('publisher_subscribers.account_id', '=', accountId);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('profiles', 'profiles.id', 'publisher_subscribers.profile_id')
      .innerJoin('accounts', 'accounts.id', 'profiles.account_id')
      .select([
        'profiles.firstname',
        'profiles.lastname',
        'accounts.name as account_name',
        'publisher_subscribers.created_at',
        'publisher_subscribers.profile_id',
      ])
      .orderBy('publisher_subscribers.created_at', 'desc')
      .orderBy('publisher_subscribers.profile_id', 'desc')
      .limit(p.step)
      .offset(p.start)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map((r) => ({ name: authorName(r, r.account_name), created_at: Number(r.created_at) }));
  return page(list, Number(total.n), p);
}
