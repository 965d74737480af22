import { API_KEY_RIGHTS, API_KEYS_PER_ACCOUNT_MAX, type ApiKey, type ApiKeyRight, apiKeyExpiryProblem } from '../../contracts/api-keys';
import { newId } from '../auth/crypto';
import type { DialectName, Executor } from '../db/index';
import { ApiError } from '../envelope';
import { newKeyPair, sealSigningKey, secretHash, signingKeyOf } from './crypto';
import type { ApiKeysTable } from './tables';

/**
 * The key store of /account/apikey (issue 18; the scheme in src/contracts/api-keys.ts): create, list,
 * revoke. Every function takes `db` (or a transaction) first and every lookup is scoped to an account.
 * The secret leaves this module once, in createKey's answer: the row keeps its SHA-256 (bearer calls)
 * and the signing key derived from it, sealed with the server's key (signed calls).
 */

/** Revoked keys the list still shows (the newest), after every live one. */
export const REVOKED_KEYS_SHOWN = API_KEYS_PER_ACCOUNT_MAX;

export interface NewKey {
  accountId: string;
  profileId: string;
  name: string;
  rights: readonly ApiKeyRight[];
  expiresAt: number | null;
}

/** Rights as stored: known ones only, once each, in API_KEY_RIGHTS order, joined by ','. */
export const rightsColumn = (rights: readonly string[]): string => API_KEY_RIGHTS.filter((r) => rights.includes(r)).join(',');

/** A row as the account page shows it (never the secret, its hash or the signing key). */
export function apiKeyView(row: ApiKeysTable): ApiKey {
  return {
    id: row.id,
    name: row.name,
    public_key: row.public_key,
    rights: API_KEY_RIGHTS.filter((r) => row.rights.split(',').includes(r)),
    created_at: Number(row.created_at),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
    revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

/** Keys that still count against API_KEYS_PER_ACCOUNT_MAX: not revoked and not expired. */
async function liveCount(db: Executor, accountId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Creates a key: `{key, secret}`, the secret shown this once. Refuses an expiry outside
 * (now, now + API_KEY_EXPIRY_MAX_DAYS] (validation on `expires_at`) and a key over
 * API_KEYS_PER_ACCOUNT_MAX live ones (`apiKeyLimit`). On PostgreSQL the account's row is locked for
 * the count and the insert (pass the dialect), so two creations at once cannot both pass the limit;
 * SQLite's writers are serialised anyway.
 */
export async function createKey(
  db: Executor,
  keys: { apiKeys: Uint8Array },
  input: NewKey,
  now: number,
  dialect?: DialectName,
): Promise<{ key: ApiKey; secret: string }> {
  const expiryProblem = apiKeyExpiryProblem(input.expiresAt, now);
  if (expiryProblem) throw new ApiError('validation', { message: expiryProblem, fields: ['expires_at'] });
  const rights = rightsColumn(input.rights);
  if (rights === '') throw new ApiError('validation', { message: 'apikey.rights.required', fields: ['rights'] });
  const run = async (trx: Executor) => {
    if (dialect === 'postgres') await trx.selectFrom('accounts').select('id').where('id', '=', input.accountId).forUpdate().execute();
    if ((await liveCount(trx, input.accountId, now)) >= API_KEYS_PER_ACCOUNT_MAX) throw new ApiError('apiKeyLimit');
    const id = newId();
    const { publicKey, secret } = newKeyPair();
    const row: ApiKeysTable = {
      id,
      account_id: input.accountId,
      profile_id: input.profileId,
      name: input.name,
      public_key: publicKey,
      secret_hash: secretHash(secret),
      signing_key: sealSigningKey(keys.apiKeys, id, signingKeyOf(secret)),
      rights,
      created_at: now,
      expires_at: input.expiresAt,
      last_used_at: null,
      revoked_at: null,
    };
    await trx.insertInto('api_keys').values(row).execute();
    return { key: apiKeyView(row), secret };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Live keys first (newest first), then the REVOKED_KEYS_SHOWN most recently revoked ones. */
export async function listKeys(db: Executor, accountId: string): Promise<ApiKey[]> {
  const live = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const revoked = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is not', null)
    .orderBy('revoked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REVOKED_KEYS_SHOWN)
    .execute();
  return [...live, ...revoked].map(apiKeyView);
}

/**
 * Revokes one of the account's keys (it never authenticates again; the row stays so the list says so).
 * Another account's id is answered like an unknown one (`apiKeyNotFound`). Revoking a revoked key
 * changes nothing. Answers the key as it now is.
 */
export async function revokeKey(db: Executor, accountId: string, id: string, now: number): Promise<ApiKey> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) throw new ApiError('apiKeyNotFound');
  return apiKeyView(row);
}
