import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Row ids: 20 hex characters (80 random bits). */
export const newId = (): string => randomBytes(10).toString('hex');

/** Tokens handed to clients (links, hashes, cookies): 43 base64url characters (256 random bits). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its sha256 (a leaked table does not give usable tokens). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hmacHex = (key: Uint8Array | string, value: string): string => createHmac('sha256', key).update(value).digest('hex');

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** A random six-digit code (leading zeros kept). */
export const newCode = (): string => (randomBytes(4).readUInt32BE(0) % 1_000_000).toString().padStart(6, '0');

/** Keys derived from the one instance secret, one per purpose (JWT, captcha, e-mailed codes, sealed TOTP secrets). */
export interface Keys {
  jwt: Uint8Array;
  captcha: string;
  codes: Uint8Array;
  /** AES-256-GCM key of the authenticator secrets at rest (auth/totp-store.ts). */
  totp: Uint8Array;
  /** AES-256-GCM key of the API keys' signing keys at rest (api-keys/crypto.ts). */
  apiKeys: Uint8Array;
}

export function deriveKeys(secret: string): Keys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`quire:${purpose}`).digest();
  return {
    jwt: new Uint8Array(derive('jwt')),
    captcha: derive('captcha').toString('hex'),
    codes: new Uint8Array(derive('codes')),
    totp: new Uint8Array(derive('totp-secret')),
    apiKeys: new Uint8Array(derive('api-signing-keys')),
  };
}
