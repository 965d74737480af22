import { sql } from 'kysely';
import type { ClientInfo } from '../../contracts/security';
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
  session: { id: string; profileId: string; expiresAt: number; now: number; client?: ClientInfo },
): Promise<SessionRow> {
  const client = session.client;
  return db
    .insertInto('sessions')
    .values({
      id: session.id,
      profile_id: session.profileId,
      created_at: session.now,
      expires_at: session.expiresAt,
      revoked_at: null,
      last_seen_at: session.now,
      ...(client ? { device: client.device, browser: client.browser, os: client.os, country: client.country } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A session's "last seen" moves at most this often (the refresh runs every half token lifetime anyway). */
export const LAST_SEEN_THROTTLE_MS = 60_000;

/**
 * A refresh: the new token's expiry, and (at most once a minute) when and from which country the
 * session was last seen — the country only when the address gives one.
 */
export async function extendSession(
  db: Executor,
  id: string,
  expiresAt: number,
  seen?: { now: number; lastSeenAt: number | null; country: string | null },
): Promise<void> {
  const touch = seen && (seen.lastSeenAt === null || seen.now - seen.lastSeenAt >= LAST_SEEN_THROTTLE_MS);
  await db
    .updateTable('sessions')
    .set({
      expires_at: expiresAt,
      ...(touch ? { last_seen_at: seen.now, ...(seen.country ? { country: seen.country } : {}) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function revokeSession(db: Executor, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a profile (password reset), or every other one (`except`: a password change). */
export async function revokeProfileSessions(db: Executor, profileId: string, now: number, except?: string): Promise<number> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('profile_id', '=', profileId).where('revoked_at', 'is', null);
  if (except !== undefined) query = query.where('id', '!=', except);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
