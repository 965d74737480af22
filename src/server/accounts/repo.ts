import { sql } from 'kysely';
import type { Executor } from '../db/index';
import type { AccountRow, AccountUpdate, NewAccount, NewProfile, ProfileRow, ProfileUpdate, SessionRow } from '../db/schema';

/** Accounts, profiles and sessions. Functions take `db` (or the route's transaction) first. */

/** ats only moves forward: now, or one past the previous value when the clock is behind it. */
const nextAts = (now: number) => sql<number>`case when ats >= ${now} then ats + 1 else ${now} end`;

export async function insertAccount(db: Executor, account: NewAccount): Promise<AccountRow> {
  return db.insertInto('accounts').values(account).returningAll().executeTakeFirstOrThrow();
}

export async function getAccount(db: Executor, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Updates an account and bumps its ats (the client refreshes its cached user when ats grows). */
export async function updateAccount(db: Executor, id: string, patch: AccountUpdate, now: number): Promise<AccountRow> {
  return db
    .updateTable('accounts')
    .set({ ...patch, ats: nextAts(now) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function bumpAts(db: Executor, accountId: string, now: number): Promise<AccountRow> {
  return updateAccount(db, accountId, {}, now);
}

export async function insertProfile(db: Executor, profile: NewProfile): Promise<ProfileRow> {
  return db.insertInto('profiles').values(profile).returningAll().executeTakeFirstOrThrow();
}

export async function findProfileByEmail(db: Executor, email: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function getProfile(db: Executor, id: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Updates a profile and bumps its account's ats; answers both rows. */
export async function updateProfile(
  db: Executor,
  profile: Pick<ProfileRow, 'id' | 'account_id'>,
  patch: ProfileUpdate,
  now: number,
): Promise<{ profile: ProfileRow; account: AccountRow }> {
  const query = db.selectFrom('profiles').selectAll().where('id', '=', profile.id);
  const updated =
    Object.keys(patch).length === 0
      ? await query.executeTakeFirstOrThrow()
      : await db.updateTable('profiles').set(patch).where('id', '=', profile.id).returningAll().executeTakeFirstOrThrow();
  const account = await bumpAts(db, profile.account_id, now);
  return { profile: updated, account };
}

export async function createSessionRow(
  db: Executor,
  session: { id: string; profileId: string; expiresAt: number; now: number },
): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({ id: session.id, profile_id: session.profileId, created_at: session.now, expires_at: session.expiresAt, revoked_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function extendSession(db: Executor, id: string, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function revokeSession(db: Executor, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a profile (password reset). */
export async function revokeProfileSessions(db: Executor, profileId: string, now: number): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('profile_id', '=', profileId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
