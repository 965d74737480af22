import { type Kysely, sql } from 'kysely';
import { newId } from '../auth/crypto';
import type { Executor } from '../db/index';
import type { Database } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import type { FileStore } from '../storage/index';
import { avatarKey, bookKeys, exportKey, libraryKeys } from '../storage/paths';
import { daysMs } from './repo';
import type { AccountDeletionRow } from './tables';

/**
 * The self-service deletion of an account (issue 16). Requesting it (after re-authentication, in the
 * route) schedules the purge after QUIRE_ACCOUNT_DELETION_GRACE_DAYS; meanwhile:
 *   - every session of the account is revoked (signed out everywhere);
 *   - its publications read like unknown ones everywhere (404): each book's publish_at is set to
 *     HIDDEN_UNTIL, beyond any date a contract accepts, which every public gate already treats as
 *     "scheduled ahead = not found" (reader, overview and publisher pages, search, explorer, sitemap,
 *     widget, oEmbed); the previous values are kept in account_deletions.hidden_books;
 *   - signing in again (accounts/login.ts confirmLogin) cancels it: the books get their publish_at
 *     back and the purge job goes.
 * The purge (a durable job at purge_at) removes every file of the account (originals, pages,
 * thumbnails, text, exports) and every row: the rows that hang from the account, its profiles or its
 * books go with the account row (ON DELETE CASCADE); the few that name them without a foreign key
 * (share counts, sign-in counters, contact messages, jobs) are deleted by name first. Its invoices are
 * kept (legal retention, migration 0030): their account_id becomes null (ON DELETE SET NULL) and they keep
 * the buyer, seller and lines frozen when issued; its orders go.
 */

/** 9999-12-31: a publish_at no contract accepts (dates end with 2100), so no owner's own schedule is mistaken for it. */
export const HIDDEN_UNTIL = Date.UTC(9999, 11, 31);

export const findDeletion = (db: Executor, accountId: string): Promise<AccountDeletionRow | undefined> =>
  db.selectFrom('account_deletions').selectAll().where('account_id', '=', accountId).executeTakeFirst();

/** Whether the account has a pending deletion (its public pages then read like an unknown account's). */
export async function isDeleting(db: Executor, accountId: string): Promise<boolean> {
  return !!(await db.selectFrom('account_deletions').select('id').where('account_id', '=', accountId).executeTakeFirst());
}

/**
 * Schedules the deletion of an account (inside the route's transaction): hides its books, signs it
 * out everywhere and queues the purge. Answers the purge time.
 */
export async function scheduleDeletion(trx: Executor, accountId: string, graceDays: number, now: number): Promise<{ purgeAt: number }> {
  const purgeAt = now + daysMs(graceDays);
  const books = await trx.selectFrom('books').select(['id', 'publish_at']).where('account_id', '=', accountId).execute();
  const hidden: Record<string, number | null> = {};
  for (const book of books) hidden[book.id] = book.publish_at === null ? null : Number(book.publish_at);
  await trx.updateTable('books').set({ publish_at: HIDDEN_UNTIL }).where('account_id', '=', accountId).execute();
  const id = newId();
  await trx
    .insertInto('account_deletions')
    .values({ id, account_id: accountId, state: 'scheduled', requested_at: now, purge_at: purgeAt, hidden_books: JSON.stringify(hidden) })
    .execute();
  const profiles = trx.selectFrom('profiles').select('id').where('account_id', '=', accountId);
  await trx.updateTable('sessions').set({ revoked_at: now }).where('profile_id', 'in', profiles).where('revoked_at', 'is', null).execute();
  await trx.deleteFrom('deletion_codes').where('profile_id', 'in', profiles).execute();
  await enqueueJob(trx as Kysely<Database>, { kind: 'purge', bookId: null, payload: { deletion: id }, maxAttempts: 10 }, now, purgeAt);
  return { purgeAt };
}

export type SignInOutcome = 'none' | 'cancelled';

/**
 * Signing in to an account whose deletion is pending cancels it (inside the sign-in's transaction):
 * its books get their publish_at back and its purge job goes. Once the purge has begun nothing
 * cancels it any more: the sign-in is refused (`purging`).
 */
export async function cancelDeletionOnSignIn(trx: Executor, accountId: string): Promise<SignInOutcome | 'purging'> {
  const row = await findDeletion(trx, accountId);
  if (!row) return 'none';
  if (row.state !== 'scheduled') return 'purging';
  const gone = await trx.deleteFrom('account_deletions').where('id', '=', row.id).where('state', '=', 'scheduled').executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) return 'purging'; // the purge took it meanwhile
  let hidden: Record<string, number | null> = {};
  try {
    hidden = JSON.parse(row.hidden_books) as Record<string, number | null>;
  } catch {
    hidden = {};
  }
  // Books hidden by the request get their own publish_at back; a book that has none recorded was published at creation.
  const books = await trx
    .selectFrom('books')
    .select('id')
    .where('account_id', '=', accountId)
    .where('publish_at', '=', HIDDEN_UNTIL)
    .execute();
  for (const { id } of books) {
    const before = hidden[id];
    await trx
      .updateTable('books')
      .set({ publish_at: typeof before === 'number' ? before : null })
      .where('id', '=', id)
      .execute();
  }
  await deletePurgeJobs(trx, row.id);
  return 'cancelled';
}

/** The queued purge job of a deletion (its payload names the deletion's own id, never the account's). */
async function deletePurgeJobs(trx: Executor, deletionId: string): Promise<void> {
  await trx
    .deleteFrom('jobs')
    .where('kind', '=', 'purge')
    .where('state', '=', 'queued')
    .where('payload', '=', JSON.stringify({ deletion: deletionId }))
    .execute();
}

/** Who was deleted, for the goodbye mail (read before the rows go). */
export interface PurgedAccount {
  accountId: string;
  name: string;
  profiles: { id: string; email: string; language: string; firstname: string | null; is_active: number }[];
}

/** `column like '%term%'` with the term's own wildcards escaped (the same on SQLite and PostgreSQL). */
const contains = (column: 'key' | 'payload' | 'last_error', term: string) =>
  sql<boolean>`${sql.ref(column)} like ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/**
 * Purges a deletion whose time has come (the `purge` job): marks it purging (nothing cancels it from
 * then on), removes the files, deletes the rows, removes the files again (a conversion that was
 * writing meanwhile finds its book gone and removes its own, but one may have finished in between).
 * Answers undefined when there is nothing to do (cancelled by a sign-in, or already purged).
 */
export async function purgeDeletion(
  deps: { db: Kysely<Database>; store: FileStore; clock: () => number },
  deletionId: string,
): Promise<PurgedAccount | undefined> {
  const { db, store } = deps;
  const started = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('account_deletions').selectAll().where('id', '=', deletionId).executeTakeFirst();
    if (!row || row.purge_at > deps.clock()) return undefined;
    await trx.updateTable('account_deletions').set({ state: 'purging' }).where('id', '=', row.id).execute();
    return row;
  });
  if (!started) return undefined;
  const accountId = started.account_id;
  const account = await db.selectFrom('accounts').select(['id', 'name']).where('id', '=', accountId).executeTakeFirst();
  if (!account) return undefined;
  const profiles = await db
    .selectFrom('profiles')
    .select(['id', 'email', 'language', 'firstname', 'is_active'])
    .where('account_id', '=', accountId)
    .execute();
  const bookIds = (await db.selectFrom('books').select('id').where('account_id', '=', accountId).execute()).map((b) => b.id);
  const removeFiles = async (ids: string[]) => {
    // From the store: the bucket and this process's folder (S3: other processes' caches only evict).
    for (const id of ids) await store.remove(bookKeys(id).dir);
    await store.remove(exportKey(accountId));
    // The account's branding library (backgrounds, logos: library/<account>/).
    await store.remove(libraryKeys(accountId).dir);
    // Its avatar (avatars/<account>/).
    await store.remove(avatarKey(accountId));
  };
  await removeFiles(bookIds);

  await db.transaction().execute(async (trx) => {
    const profileIds = profiles.map((p) => p.id);
    const emails = profiles.map((p) => p.email.toLowerCase());
    // Rows that name the account without a foreign key.
    await trx.deleteFrom('share_counts').where('account_id', '=', accountId).execute();
    if (bookIds.length > 0) await trx.deleteFrom('share_counts').where('book_id', 'in', bookIds).execute();
    for (const email of emails) {
      // Sign-in counters are keyed `<scope>:…:<address>` (auth/limiter.ts, accounts/failures.ts).
      await trx
        .deleteFrom('auth_attempts')
        .where(contains('key', `:${email}`))
        .execute();
    }
    // …and those keyed by a profile id (the deletion code's tries: routes/privacy).
    for (const id of profileIds) await trx.deleteFrom('auth_attempts').where(contains('key', id)).execute();
    await trx
      .deleteFrom('contact_messages')
      .where((eb) =>
        eb.or([
          ...(profileIds.length > 0 ? [eb('profile_id', 'in', profileIds)] : []),
          ...(emails.length > 0 ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
          eb.lit(false),
        ]),
      )
      .execute();
    // Jobs of the account's exports (their payload names the account) and any error text naming it.
    for (const id of [accountId, ...profileIds]) {
      await trx
        .deleteFrom('jobs')
        .where((eb) => eb.or([contains('payload', id), contains('last_error', id)]))
        .execute();
    }
    // Everything else hangs from the account, its profiles or its books (ON DELETE CASCADE).
    await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
  });
  await removeFiles(bookIds);
  return { accountId, name: account.name, profiles };
}
