import type { ClientInfo } from '../../contracts/security';
import { newToken, sha256 } from '../auth/crypto';
import type { Executor } from '../db/index';
import type { ChallengeStage, LoginChallengeRow, OneTimeTokenKind, OneTimeTokenRow } from '../db/schema';

/** Lifetimes and limits of the sign-in tokens. */
export const TTL = {
  activation: 7 * 86_400_000,
  reset: 3_600_000,
  /** The confirmation link of a new e-mail address: one day. */
  email: 86_400_000,
  /** Login challenge (hash) and e-mailed code: 10 minutes. */
  challenge: 10 * 60_000,
  trustedDevice: 30 * 86_400_000,
} as const;
export const MAX_CODE_ATTEMPTS = 5;

// ── One-time tokens (activation and reset links) ───────────────────────────────────────────────────
export async function createOneTimeToken(
  db: Executor,
  profileId: string,
  kind: OneTimeTokenKind,
  now: number,
  data: string | null = null,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('one_time_tokens')
    .values({ hash: sha256(token), profile_id: profileId, kind, created_at: now, expires_at: now + TTL[kind], used_at: null, data })
    .execute();
  return token;
}

/** The token's row when it exists, has this kind, is unused and has not expired. */
export async function findUsableToken(
  db: Executor,
  token: string,
  kind: OneTimeTokenKind,
  now: number,
): Promise<OneTimeTokenRow | undefined> {
  const row = await db.selectFrom('one_time_tokens').selectAll().where('hash', '=', sha256(token)).executeTakeFirst();
  return row && row.kind === kind && row.used_at === null && row.expires_at > now ? row : undefined;
}

/** Marks a token used; false when another request used it first. */
export async function consumeToken(db: Executor, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks every unused token of a kind used (e.g. other reset links after a reset). */
export async function consumeAllTokens(db: Executor, profileId: string, kind: OneTimeTokenKind, now: number): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('profile_id', '=', profileId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

// ── Login challenges ──────────────────────────────────────────────────────────────────────────────
export async function createChallenge(
  db: Executor,
  challenge: { profileId: string; stage: ChallengeStage; codeHash?: (digest: string) => string; now: number },
): Promise<string> {
  const token = newToken();
  const hash = sha256(token);
  const { now } = challenge;
  await db
    .insertInto('login_challenges')
    .values({
      hash,
      profile_id: challenge.profileId,
      stage: challenge.stage,
      code_hash: challenge.codeHash ? challenge.codeHash(hash) : null,
      code_expires_at: challenge.stage === 'code' ? now + TTL.challenge : null,
      attempts: 0,
      expires_at: now + TTL.challenge,
      created_at: now,
      used_at: null,
    })
    .execute();
  return token;
}

export async function findChallenge(db: Executor, token: string): Promise<LoginChallengeRow | undefined> {
  return db.selectFrom('login_challenges').selectAll().where('hash', '=', sha256(token)).executeTakeFirst();
}

/** Counts one code attempt; false when the challenge already had its five (or was used). */
export async function countCodeAttempt(db: Executor, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('hash', '=', hash)
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a challenge used; false when another request used it first. */
export async function consumeChallenge(db: Executor, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('login_challenges')
    .set({ used_at: now })
    .where('hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ── Trusted devices (cookie quire_device) ─────────────────────────────────────────────────────────
/** The id a trusted device is listed and revoked by: the start of its key's hash (never the key). */
export const trustedDeviceId = (tokenHash: string): string => tokenHash.slice(0, 20);

export async function createTrustedDevice(db: Executor, profileId: string, now: number, client?: ClientInfo): Promise<string> {
  const token = newToken();
  const hash = sha256(token);
  await db
    .insertInto('trusted_devices')
    .values({
      token_hash: hash,
      id: trustedDeviceId(hash),
      profile_id: profileId,
      created_at: now,
      expires_at: now + TTL.trustedDevice,
      last_used_at: now,
      ...(client ? { device: client.device, browser: client.browser, os: client.os, country: client.country } : {}),
    })
    .execute();
  return token;
}

/** Whether the cookie names a live trusted device of the profile; one that does is marked used now. */
export async function isTrustedDevice(db: Executor, token: string | undefined, profileId: string, now: number): Promise<boolean> {
  if (!token) return false;
  const hash = sha256(token);
  const row = await db.selectFrom('trusted_devices').select(['profile_id', 'expires_at']).where('token_hash', '=', hash).executeTakeFirst();
  const trusted = row !== undefined && row.profile_id === profileId && row.expires_at > now;
  if (trusted) await db.updateTable('trusted_devices').set({ last_used_at: now }).where('token_hash', '=', hash).execute();
  return trusted;
}

export async function forgetTrustedDevices(db: Executor, profileId: string): Promise<void> {
  await db.deleteFrom('trusted_devices').where('profile_id', '=', profileId).execute();
}
