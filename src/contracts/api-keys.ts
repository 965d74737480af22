import * as v from 'valibot';
import { epochMs } from './limits';

/**
 * API keys (issue 18, SPEC §2 `/account/apikey`, §6 gating "user and free": premium and up). Shared by the
 * account page (create, list, revoke), the server's key store and the public API's authentication
 * (src/server/routes/v1). The API itself is described in ./api-v1.ts.
 *
 * A key is a pair: a public key (`qk_…`, shown in the list, sent with every signed call) and a secret
 * (`qs_…`, shown once at creation, never stored in clear). The server keeps
 *  - `SHA-256(secret)` to recognise the secret sent as a bearer token over HTTPS, and
 *  - the signing key `HMAC-SHA256(secret, "quire-api-signing-v1")` sealed with the server's secret
 *    (like TOTP secrets), to verify signed calls.
 * A stolen database alone therefore neither reveals a secret nor lets anyone sign.
 */

/** What a key may do; each API operation names the one right it needs (API_V1_OPERATIONS). */
export const API_KEY_RIGHTS = ['read', 'publish', 'edit', 'delete', 'statistics', 'subscribers'] as const;
export type ApiKeyRight = (typeof API_KEY_RIGHTS)[number];

export const API_KEY_NAME_MAX = 80;
/** Live (not revoked) keys per account. */
export const API_KEYS_PER_ACCOUNT_MAX = 20;
/** Public key: `qk_` + 24 lowercase hex characters (96 random bits; not a secret). */
export const API_PUBLIC_KEY_PATTERN = /^qk_[0-9a-f]{24}$/;
/** Secret: `qs_` + 43 base64url characters (256 random bits). */
export const API_SECRET_PATTERN = /^qs_[A-Za-z0-9_-]{43}$/;
/** The derivation label of the signing key: signingKey = HMAC-SHA256(key = secret, data = this label), hex. */
export const API_SIGNING_KEY_LABEL = 'quire-api-signing-v1';
/** An optional expiry of a key: at least tomorrow, at most this many days ahead. */
export const API_KEY_EXPIRY_MAX_DAYS = 3 * 366;

// ── Limits per key (issue 18, Calameo's reference) ──────────────────────────────────────────────
/** Requests per key per rolling hour. */
export const API_RATE_REQUESTS = 10_000;
export const API_RATE_REQUESTS_WINDOW_MS = 60 * 60_000;
/** Publications (POST /publications) per key per rolling 15 minutes. */
export const API_RATE_PUBLISH = 10;
export const API_RATE_PUBLISH_WINDOW_MS = 15 * 60_000;

// ── Signed calls ───────────────────────────────────────────────────────────────────────────────
/**
 * A signed call sends three headers:
 *   `X-Quire-Key: qk_…`, `X-Quire-Expires: <unix seconds>`, `X-Quire-Signature: <hex HMAC-SHA256>`
 * where the signature is HMAC-SHA256(signingKey, canonicalRequest(...)). A call whose expiry has passed is
 * refused (`apiRequestExpired`), and so is one whose expiry lies more than API_SIGNATURE_MAX_TTL_S ahead,
 * so a captured call cannot be replayed after it. Alternatively `Authorization: Bearer qs_…` (the secret
 * itself; HTTPS only unless the server runs in development).
 */
export const API_KEY_HEADER = 'x-quire-key';
export const API_EXPIRES_HEADER = 'x-quire-expires';
export const API_SIGNATURE_HEADER = 'x-quire-signature';
export const API_IDEMPOTENCY_HEADER = 'idempotency-key';
/** Expiry at most this far ahead (seconds). */
export const API_SIGNATURE_MAX_TTL_S = 60 * 60;
/** Idempotency keys: 1–128 printable ASCII characters, remembered this long per key. */
export const API_IDEMPOTENCY_KEY_MAX = 128;
export const API_IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/**
 * The canonical request a signature covers, lines joined by `\n`:
 *   METHOD (upper case)
 *   path as sent, without the query (e.g. `/api/v1/publications/abc`)
 *   the query: parameters sorted by name then value, each `encodeURIComponent(name)=encodeURIComponent(value)`, joined by `&`
 *   the expiry (unix seconds, as in the header)
 *   the public key
 *   hex SHA-256 of the raw body (of the empty string when there is none; of the exact multipart bytes for an upload)
 * Pure (no crypto here): the server, the tests, the reference page's examples and any client build the same string.
 */
export function canonicalRequest(input: {
  method: string;
  path: string;
  query: Iterable<[string, string]>;
  expires: number | string;
  publicKey: string;
  bodySha256Hex: string;
}): string {
  const pairs = [...input.query].map(([k, val]) => [encodeURIComponent(k), encodeURIComponent(val)] as const);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return [
    input.method.toUpperCase(),
    input.path,
    pairs.map(([k, val]) => `${k}=${val}`).join('&'),
    String(input.expires),
    input.publicKey,
    input.bodySha256Hex.toLowerCase(),
  ].join('\n');
}

// ── Account page calls (session; `{api}/account/apikey/…`, gated 'apikey') ────────────────────────
const Rights = v.pipe(
  v.array(v.picklist(API_KEY_RIGHTS, 'validation.invalid')),
  v.minLength(1, 'apikey.rights.required'),
  v.maxLength(API_KEY_RIGHTS.length),
  v.check((list) => new Set(list).size === list.length, 'validation.invalid'),
);

/** POST {api}/account/apikey/create. `expires_at`: end of the key's life (epoch ms), optional. */
export const ApiKeyCreateSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(API_KEY_NAME_MAX, 'validation.max')),
  rights: Rights,
  expires_at: v.optional(v.nullable(epochMs())),
});
export type ApiKeyCreate = v.InferOutput<typeof ApiKeyCreateSchema>;

/** POST {api}/account/apikey/delete `{id}`: revokes (the row stays, marked revoked, so the list can say so). */
export const ApiKeyIdSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) });

/** One key as the list shows it (never the secret). */
export const ApiKeySchema = v.object({
  id: v.string(),
  name: v.string(),
  public_key: v.string(),
  rights: v.array(v.picklist(API_KEY_RIGHTS)),
  created_at: epochMs(),
  expires_at: v.nullable(epochMs()),
  last_used_at: v.nullable(epochMs()),
  revoked_at: v.nullable(epochMs()),
});
export type ApiKey = v.InferOutput<typeof ApiKeySchema>;

/** GET {api}/account/apikey/ → `{items}` (live keys first, newest first; revoked ones after). */
export const ApiKeyListSchema = v.object({ items: v.array(ApiKeySchema) });
/** The create answer: the key and its secret, shown once. */
export const ApiKeyCreatedSchema = v.object({ key: ApiKeySchema, secret: v.pipe(v.string(), v.regex(API_SECRET_PATTERN)) });
export type ApiKeyCreated = v.InferOutput<typeof ApiKeyCreatedSchema>;

/** A day in ms (the expiry's unit). */
const DAY_MS = 86_400_000;

/**
 * Why an expiry (epoch ms) is refused, as a message id, or null when it is fine (or absent): it must lie
 * ahead of `now`, and at most API_KEY_EXPIRY_MAX_DAYS days ahead — plus one day, since the account page
 * sends the end of the chosen day in the person's time zone. Shared by the page (machines) and the
 * server's key store.
 */
export function apiKeyExpiryProblem(expiresAt: number | null | undefined, now: number): string | null {
  if (expiresAt === null || expiresAt === undefined) return null;
  if (expiresAt <= now) return 'apikey.expiry.past';
  if (expiresAt > now + (API_KEY_EXPIRY_MAX_DAYS + 1) * DAY_MS) return 'apikey.expiry.far';
  return null;
}
