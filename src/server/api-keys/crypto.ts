import { createHmac, randomBytes } from 'node:crypto';
import { API_SIGNING_KEY_LABEL } from '../../contracts/api-keys';
import { sha256 } from '../auth/crypto';
import { openSecret, sealSecret } from '../auth/totp-store';

/**
 * The secrets of API keys (issue 18; the scheme is described in src/contracts/api-keys.ts). Nothing
 * here touches the database: the key store (./store.ts) and the API's authentication
 * (src/server/routes/v1) share these.
 */

/** A new public key (`qk_` + 24 hex) and secret (`qs_` + 43 base64url). */
export function newKeyPair(): { publicKey: string; secret: string } {
  return { publicKey: `qk_${randomBytes(12).toString('hex')}`, secret: `qs_${randomBytes(32).toString('base64url')}` };
}

/** What the store keeps to recognise a bearer secret: hex SHA-256 of it. */
export const secretHash = (secret: string): string => sha256(secret);

/** The key signed calls are made with: hex HMAC-SHA256(secret, API_SIGNING_KEY_LABEL) (a client derives the same). */
export const signingKeyOf = (secret: string): string => createHmac('sha256', secret).update(API_SIGNING_KEY_LABEL).digest('hex');

/**
 * The signing key sealed for the database (AES-256-GCM under `app.keys.apiKeys`, the key's row id as
 * associated data, so a sealed value copied to another row does not open).
 */
export const sealSigningKey = (key: Uint8Array, keyId: string, signingKey: string): string => sealSecret(key, keyId, signingKey);

/** The signing key of a row, or null when it does not open (another instance secret, another row, tampered). */
export const openSigningKey = (key: Uint8Array, keyId: string, sealed: string): string | null =>
  // Only a sealed value: a plain one (which openSecret accepts for TOTP secrets written before sealing) is refused.
  sealed.startsWith('v1.') ? openSecret(key, keyId, sealed) : null;

/** hex HMAC-SHA256 of a canonical request (contracts/api-keys.ts canonicalRequest) under a signing key. */
export const signCanonical = (signingKey: string, canonical: string): string =>
  createHmac('sha256', signingKey).update(canonical).digest('hex');
