import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { RECOVERY_CODE_COUNT } from '../../contracts/security';
import type { Db, Executor } from '../db/index';
import { hmacHex } from './crypto';
import { matchTotp } from './totp';

/**
 * The authenticator app's secrets at rest, its used time steps and its recovery codes (issue 16).
 *
 * Secrets (`profiles.totp_secret`, `totp_pending`) are sealed with AES-256-GCM under a key derived from
 * the instance secret (`app.keys.totp`), with the profile id as associated data (a sealed value copied
 * to another row does not open): `v1.<iv>.<ciphertext>.<tag>`, base64url. A value without the prefix is
 * a secret written before sealing existed: it still opens, and `sealPlainSecrets` (at start) seals it.
 * Changing QUIRE_SECRET makes sealed secrets unreadable (as it ends every session): their owners sign
 * in with a recovery code, or reset the app with the operator.
 */
const PREFIX = 'v1.';

export function sealSecret(key: Uint8Array, profileId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(profileId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${[iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
}

/** The secret of a sealed value; null when it does not open (another key, another row, tampered). */
export function openSecret(key: Uint8Array, profileId: string, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, body, tag] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !body || !tag || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(profileId, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** Seals every authenticator secret still stored in plain text (run when the server starts); answers how many. */
export async function sealPlainSecrets(db: Db, key: Uint8Array): Promise<number> {
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'totp_secret', 'totp_pending'])
    .where((eb) =>
      eb.or([
        eb.and([eb('totp_secret', 'is not', null), eb('totp_secret', 'not like', `${PREFIX}%`)]),
        eb.and([eb('totp_pending', 'is not', null), eb('totp_pending', 'not like', `${PREFIX}%`)]),
      ]),
    )
    .execute();
  for (const row of rows) {
    const seal = (value: string | null) => (value === null || isSealed(value) ? value : sealSecret(key, row.id, value));
    await db
      .updateTable('profiles')
      .set({ totp_secret: seal(row.totp_secret), totp_pending: seal(row.totp_pending) })
      .where('id', '=', row.id)
      // Unchanged since read (another process may have sealed or replaced it meanwhile).
      .where((eb) => (row.totp_secret === null ? eb('totp_secret', 'is', null) : eb('totp_secret', '=', row.totp_secret)))
      .where((eb) => (row.totp_pending === null ? eb('totp_pending', 'is', null) : eb('totp_pending', '=', row.totp_pending)))
      .execute();
  }
  return rows.length;
}

/**
 * Checks a code of the authenticator app and spends its time step: a step at or before the last one
 * accepted for this profile is refused, so a code works once in its window (one atomic update).
 */
export async function spendTotpCode(db: Executor, profileId: string, secret: string, code: string, now: number): Promise<boolean> {
  const step = matchTotp(secret, code, now);
  if (step === null) return false;
  const result = await db
    .updateTable('profiles')
    .set({ totp_last_step: step })
    .where('id', '=', profileId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ── Recovery codes ────────────────────────────────────────────────────────────────────────────────
/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A typed code as stored: no dash or spaces, lower case. */
const normalize = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();
const recoveryDigest = (key: Uint8Array, profileId: string, code: string) => hmacHex(key, `recovery:${profileId}:${normalize(code)}`);

/** Replaces the profile's recovery codes with RECOVERY_CODE_COUNT new ones; answers them (shown once). */
export async function replaceRecoveryCodes(db: Executor, key: Uint8Array, profileId: string, now: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await db.deleteFrom('recovery_codes').where('profile_id', '=', profileId).execute();
  await db
    .insertInto('recovery_codes')
    .values(
      [...codes].map((code) => ({
        profile_id: profileId,
        code_hash: recoveryDigest(key, profileId, code),
        created_at: now,
        used_at: null,
      })),
    )
    .execute();
  return [...codes];
}

/** Spends one recovery code: false when it is not one of the profile's or was used already. */
export async function spendRecoveryCode(db: Executor, key: Uint8Array, profileId: string, code: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('profile_id', '=', profileId)
    .where('code_hash', '=', recoveryDigest(key, profileId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Executor, profileId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select(sql<number>`count(*)`.as('n'))
    .where('profile_id', '=', profileId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function dropRecoveryCodes(db: Executor, profileId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('profile_id', '=', profileId).execute();
}
