import { createHash, timingSafeEqual } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_EXPIRES_HEADER,
  API_KEY_HEADER,
  API_KEY_RIGHTS,
  API_PUBLIC_KEY_PATTERN,
  API_RATE_PUBLISH,
  API_RATE_PUBLISH_WINDOW_MS,
  API_RATE_REQUESTS,
  API_RATE_REQUESTS_WINDOW_MS,
  API_SECRET_PATTERN,
  API_SIGNATURE_HEADER,
  API_SIGNATURE_MAX_TTL_S,
  type ApiKeyRight,
  canonicalRequest,
} from '../../../contracts/api-keys';
import { access, menuItem, viewerOf } from '../../../contracts/gating';
import { profileView } from '../../accounts/views';
import { openSigningKey, secretHash, signCanonical } from '../../api-keys/crypto';
import type { ApiKeysTable } from '../../api-keys/tables';
import { bearerToken } from '../../auth/session';
import type { AccountRow, ProfileRow } from '../../db/schema';
import { ApiError } from '../../envelope';
import type { V1Key } from './types';

/**
 * Authentication, rights and limits of the public API v1 (issue 18; the scheme: src/contracts/api-keys.ts).
 *
 * A call names its key in one of two ways:
 *  - signed: `X-Quire-Key`, `X-Quire-Expires`, `X-Quire-Signature` = HMAC-SHA256(signing key,
 *    canonicalRequest(...)) over the method, the path, the sorted query, the expiry, the public key and
 *    the SHA-256 of the raw body bytes (kept by a preParsing hook of the v1 scope, `trackBodyHash`: for
 *    JSON before the handler runs, for a multipart upload once the handler has read the stream — the
 *    upload is then checked before anything is stored, see `assertBodySigned`);
 *  - `Authorization: Bearer qs_…` (the secret itself, recognised by its SHA-256). Only over HTTPS:
 *    `request.protocol` is https when the socket is TLS, or — only with QUIRE_TRUST_PROXY=1 — when the
 *    trusted proxy says so in X-Forwarded-Proto; an arbitrary client header is never believed. In dev
 *    mode (QUIRE_DEV=1, which the tests use) plain http is allowed.
 *
 * Refusals come from the catalogue: apiKeyInvalid (missing, malformed, unknown, revoked or expired key),
 * apiSignatureInvalid (constant-time comparison), apiRequestExpired (expiry passed, or more than
 * API_SIGNATURE_MAX_TTL_S ahead), apiRightMissing, featureLocked (the account's plan no longer has the
 * `apikey` page of the gating table), apiRateLimited with Retry-After.
 *
 * Speed (issue 18: ≤ 1 ms p50 over a session call): key rows (with the opened signing key, the account
 * and the profile) are cached in memory for at most KEY_CACHE_TTL_MS, so a key revoked by another
 * process stops working within that time; the key store calls `forgetApiKey` on revoke so this
 * process forgets it at once. `last_used_at` is written at most once a minute per key.
 *
 * Limits: sliding windows approximated from fixed windows in `api_key_hits` (the current window plus
 * the previous one weighted by how much of it still lies within the rolling length), so every process
 * reads the same counters. Requests are counted in memory and written back every FLUSH_MS (adding this
 * process's hits and reading the total, which includes the other processes'): across N processes a
 * key may exceed the hourly limit by at most what the other processes counted within one flush
 * interval. Publications (rare) are counted in the database on each call, exactly.
 */

/** How long a key row stays cached (a revoke in another process takes effect within this). */
export const KEY_CACHE_TTL_MS = 5_000;
/** Write-back interval of the request counters. */
export const FLUSH_MS = 1_000;
const LAST_USED_EVERY_MS = 60_000;
const KEY_CACHE_MAX = 10_000;

interface CachedKey {
  row: ApiKeysTable;
  signingKey: string | null;
  account: AccountRow;
  profile: ProfileRow;
  loadedAt: number;
}

interface Counter {
  windowStart: number;
  /** Hits of the current window as last read from the database plus this process's since. */
  current: number;
  previous: number;
  /** This process's hits not yet written. */
  pending: number;
  loading?: Promise<void>;
}

interface State {
  keys: Map<string, CachedKey>;
  counters: Map<string, Counter>;
  lastUsed: Map<string, number>;
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
}

/** Per app, by its database handle (the same object in every plugin scope of one app). */
const states = new WeakMap<object, State>();

function stateOf(app: FastifyInstance): State {
  let state = states.get(app.db);
  if (!state) {
    state = { keys: new Map(), counters: new Map(), lastUsed: new Map() };
    states.set(app.db, state);
  }
  return state;
}

/** Forget a key (the store calls this on revoke; undefined: every key), so this process sees the change at once. */
export function forgetApiKey(app: FastifyInstance, keyId?: string): void {
  const { keys } = stateOf(app);
  for (const [lookup, cached] of keys) if (keyId === undefined || cached.row.id === keyId) keys.delete(lookup);
}

/** Starts the counters' write-back (the v1 plugin calls it once); stops and flushes on close. */
export function startApiLimits(app: FastifyInstance): void {
  const state = stateOf(app);
  state.timer = setInterval(() => {
    void flushCounters(app).catch((err: unknown) => app.log.warn({ err }, 'api: writing the request counters failed'));
  }, FLUSH_MS);
  state.timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(state.timer);
    await flushCounters(app).catch(() => undefined);
  });
}

// ── Raw body hash ──────────────────────────────────────────────────────────────────────────
declare module 'fastify' {
  interface FastifyRequest {
    /** hex SHA-256 of the raw body once it has been read (v1 routes only). */
    apiBodyHash?: Promise<string>;
    /** Whether the body has been read to its end (its hash is known). */
    apiBodyRead?: boolean;
  }
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/**
 * preParsing hook of the v1 scope: the body's bytes pass through a SHA-256 on their way to the parser.
 * A multipart body is not parsed here: the upload reads `request.raw` itself (@fastify/multipart pipes it
 * into its parser), so the hash listens to the same stream from the moment that pipe starts, never
 * consuming a byte of its own.
 */
export async function trackBodyHash(request: FastifyRequest, _reply: unknown, payload: Readable): Promise<Readable> {
  const hash = createHash('sha256');
  if (/^\s*multipart\/form-data/i.test(request.headers['content-type'] ?? '') && payload === (request.raw as unknown as Readable)) {
    const raw = request.raw;
    const pipe = raw.pipe;
    request.apiBodyHash = new Promise((resolve, reject) => {
      raw.pipe = function pipeHashed<T extends NodeJS.WritableStream>(this: typeof raw, destination: T, options?: { end?: boolean }): T {
        raw.pipe = pipe;
        // Added before the pipe's own listener, in the same tick: both see every chunk.
        raw.on('data', (chunk: Buffer) => hash.update(chunk));
        raw.on('end', () => {
          request.apiBodyRead = true;
          resolve(hash.digest('hex'));
        });
        raw.on('error', reject);
        return pipe.call(raw, destination, options) as T;
      } as typeof raw.pipe;
    });
    request.apiBodyHash.catch(() => undefined);
    return payload;
  }
  const through = new PassThrough();
  let received = 0;
  request.apiBodyHash = new Promise((resolve, reject) => {
    through.on('end', () => {
      request.apiBodyRead = true;
      resolve(hash.digest('hex'));
    });
    through.on('error', reject);
    payload.on('error', reject);
  });
  // Never an unhandled rejection (a client that goes away mid-body): the parser reports that one.
  request.apiBodyHash.catch(() => undefined);
  payload.on('data', (chunk: Buffer) => {
    received += chunk.length;
    hash.update(chunk);
    (through as PassThrough & { receivedEncodedLength?: number }).receivedEncodedLength = received;
  });
  payload.pipe(through);
  return through;
}

/** The body hash when no body was sent or parsed (GET, DELETE). */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

// ── Authentication ─────────────────────────────────────────────────────────────────────────
interface Authenticated {
  key: V1Key;
  cached: CachedKey;
  /** Signed calls: the canonical request without its body hash, checked against the body once read. */
  signed?: { signature: string; signingKey: string; canonical: (bodyHash: string) => string };
}

const rightsOf = (row: ApiKeysTable): ApiKeyRight[] => {
  const listed = new Set(row.rights.split(','));
  return API_KEY_RIGHTS.filter((r) => listed.has(r));
};

async function loadKey(
  app: FastifyInstance,
  column: 'public_key' | 'secret_hash',
  value: string,
  now: number,
): Promise<CachedKey | undefined> {
  const { keys } = stateOf(app);
  const lookup = `${column}:${value}`;
  const hit = keys.get(lookup);
  if (hit && now - hit.loadedAt < KEY_CACHE_TTL_MS && hit.loadedAt <= now) return hit;
  keys.delete(lookup);
  const row = await app.db.selectFrom('api_keys').selectAll().where(column, '=', value).executeTakeFirst();
  if (!row) return undefined;
  const [account, profile] = await Promise.all([
    app.db.selectFrom('accounts').selectAll().where('id', '=', row.account_id).executeTakeFirst(),
    app.db.selectFrom('profiles').selectAll().where('id', '=', row.profile_id).executeTakeFirst(),
  ]);
  if (!account || !profile) return undefined;
  const normalized: ApiKeysTable = {
    ...row,
    created_at: Number(row.created_at),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
    revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
  };
  const cached: CachedKey = {
    row: normalized,
    signingKey: openSigningKey(app.keys.apiKeys, row.id, row.signing_key),
    account,
    profile,
    loadedAt: now,
  };
  if (keys.size >= KEY_CACHE_MAX) keys.delete(keys.keys().next().value as string);
  keys.set(lookup, cached);
  return cached;
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? undefined : value);

/** Whether the bearer secret may be used on this request (see the module comment). */
export const bearerAllowed = (app: FastifyInstance, request: FastifyRequest): boolean => request.protocol === 'https' || app.config.dev;

/** The query pairs as sent (the raw query string, decoded), for the canonical request. */
function queryPairs(url: string): [string, string][] {
  const at = url.indexOf('?');
  if (at < 0) return [];
  return [...new URLSearchParams(url.slice(at + 1))];
}

/** Who calls (headers only; a signed body is checked by `assertBodySigned`). Throws the catalogue's refusal. */
export async function authenticateKey(app: FastifyInstance, request: FastifyRequest, now: number): Promise<Authenticated> {
  const publicKey = single(request.headers[API_KEY_HEADER]);
  const bearer = bearerToken(request);
  let cached: CachedKey | undefined;
  let signed: Authenticated['signed'];
  if (publicKey !== undefined) {
    if (!API_PUBLIC_KEY_PATTERN.test(publicKey)) throw new ApiError('apiKeyInvalid');
    const expires = single(request.headers[API_EXPIRES_HEADER]) ?? '';
    const signature = single(request.headers[API_SIGNATURE_HEADER]) ?? '';
    if (!/^\d{1,12}$/.test(expires)) throw new ApiError('apiRequestExpired');
    if (!/^[0-9a-fA-F]{64}$/.test(signature)) throw new ApiError('apiSignatureInvalid');
    const expiresS = Number(expires);
    const nowS = Math.floor(now / 1000);
    if (expiresS < nowS || expiresS > nowS + API_SIGNATURE_MAX_TTL_S) throw new ApiError('apiRequestExpired');
    cached = await loadKey(app, 'public_key', publicKey, now);
    if (!cached?.signingKey) throw new ApiError('apiKeyInvalid');
    const path = request.url.split('?', 1)[0] ?? '';
    const query = queryPairs(request.url);
    const method = request.method;
    signed = {
      signature: signature.toLowerCase(),
      signingKey: cached.signingKey,
      canonical: (bodyHash) => canonicalRequest({ method, path, query, expires, publicKey, bodySha256Hex: bodyHash }),
    };
  } else if (bearer !== undefined && API_SECRET_PATTERN.test(bearer)) {
    if (!bearerAllowed(app, request))
      throw new ApiError('apiKeyInvalid', { message: 'the secret is accepted over HTTPS only: sign the call' });
    cached = await loadKey(app, 'secret_hash', secretHash(bearer), now);
  }
  if (!cached) throw new ApiError('apiKeyInvalid');
  const { row } = cached;
  if (row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= now) || cached.profile.is_active !== 1) {
    throw new ApiError('apiKeyInvalid');
  }
  const key: V1Key = {
    id: row.id,
    accountId: row.account_id,
    profileId: row.profile_id,
    name: row.name,
    rights: rightsOf(row),
    expiresAt: row.expires_at,
  };
  return { key, cached, ...(signed ? { signed } : {}) };
}

/** hex SHA-256 of the raw body once read (of '' without a body). */
export async function bodyHashOf(request: FastifyRequest): Promise<string> {
  return request.apiBodyHash && hasBody(request) ? request.apiBodyHash.catch(() => '') : EMPTY_SHA256;
}

/** Checks a signed call's signature against the body read so far (the whole body: call after reading it). */
export async function assertBodySigned(request: FastifyRequest, auth: Authenticated): Promise<void> {
  if (!auth.signed) return;
  // A body nobody read (a GET's: Fastify parses none) would never give its hash: such a call is refused.
  if (hasBody(request) && !request.apiBodyRead && !request.isMultipart()) {
    throw new ApiError('badRequest', { message: 'this call takes no body' });
  }
  const bodyHash = await bodyHashOf(request);
  const expected = Buffer.from(signCanonical(auth.signed.signingKey, auth.signed.canonical(bodyHash)), 'hex');
  const given = Buffer.from(auth.signed.signature, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new ApiError('apiSignatureInvalid');
}

/** The account may still use API keys (the gating table's `apikey` page), the key has the right. */
export function assertAllowed(auth: Authenticated, right: ApiKeyRight): void {
  const item = menuItem('apikey');
  const viewer = viewerOf(auth.cached.account, profileView(auth.cached.profile));
  if (!item || access(item, viewer) !== 'enabled') throw new ApiError('featureLocked');
  if (!auth.key.rights.includes(right)) throw new ApiError('apiRightMissing');
}

/** The account's mode (as cached with the key). */
export const accountOf = (auth: Authenticated): AccountRow => auth.cached.account;
export type { Authenticated };

/** Writes last_used_at at most once a minute per key (never blocks the call). */
export function touchKey(app: FastifyInstance, keyId: string, now: number): void {
  const { lastUsed } = stateOf(app);
  const last = lastUsed.get(keyId);
  if (last !== undefined && now - last < LAST_USED_EVERY_MS && now >= last) return;
  lastUsed.set(keyId, now);
  void app.db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', keyId)
    .execute()
    .catch((err: unknown) => app.log.warn({ err }, 'api: writing last_used_at failed'));
}

// ── Limits ─────────────────────────────────────────────────────────────────────────────────
type LimitKind = 'requests' | 'publish';
const LIMITS: Record<LimitKind, { max: number; windowMs: number }> = {
  requests: { max: API_RATE_REQUESTS, windowMs: API_RATE_REQUESTS_WINDOW_MS },
  publish: { max: API_RATE_PUBLISH, windowMs: API_RATE_PUBLISH_WINDOW_MS },
};

/** The rolling count: the current window plus the previous one's share still within the rolling length. */
function estimate(c: Pick<Counter, 'current' | 'previous' | 'windowStart'>, windowMs: number, now: number): number {
  const elapsed = (now - c.windowStart) / windowMs;
  return c.previous * (1 - elapsed) + c.current;
}

/** Seconds until the rolling count falls below the limit (at least 1). */
function retryAfter(c: Pick<Counter, 'current' | 'previous' | 'windowStart'>, max: number, windowMs: number, now: number): number {
  const elapsed = now - c.windowStart;
  let wait: number;
  if (c.current < max && c.previous > 0) {
    // Within this window: previous·(1 − (elapsed + t)/W) + current < max.
    wait = (1 - (max - c.current) / c.previous) * windowMs - elapsed;
  } else {
    // In the next window the current becomes the previous: current·(1 − t'/W) < max.
    wait = windowMs - elapsed + Math.max(0, 1 - max / Math.max(c.current, 1)) * windowMs;
  }
  return Math.max(1, Math.ceil(wait / 1000));
}

const windowStartOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

async function readWindows(app: FastifyInstance, keyId: string, kind: LimitKind, windowStart: number, windowMs: number) {
  const rows = await app.db
    .selectFrom('api_key_hits')
    .select(['window_start', 'hits'])
    .where('key_id', '=', keyId)
    .where('kind', '=', kind)
    .where('window_start', 'in', [windowStart, windowStart - windowMs])
    .execute();
  const hitsAt = (start: number) => Number(rows.find((r) => Number(r.window_start) === start)?.hits ?? 0);
  return { current: hitsAt(windowStart), previous: hitsAt(windowStart - windowMs) };
}

async function addHits(app: FastifyInstance, keyId: string, kind: LimitKind, windowStart: number, hits: number): Promise<number> {
  const row = await app.db
    .insertInto('api_key_hits')
    .values({ key_id: keyId, kind, window_start: windowStart, hits })
    .onConflict((oc) =>
      oc.columns(['key_id', 'kind', 'window_start']).doUpdateSet((eb) => ({ hits: eb('api_key_hits.hits', '+', eb.ref('excluded.hits')) })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** Counts a request of a key; throws apiRateLimited (with Retry-After set on the reply) past the hourly limit. */
export async function countRequest(app: FastifyInstance, keyId: string, now: number, setRetryAfter: (s: number) => void): Promise<number> {
  const { max, windowMs } = LIMITS.requests;
  const { counters } = stateOf(app);
  const windowStart = windowStartOf(now, windowMs);
  let counter = counters.get(keyId);
  if (!counter || counter.windowStart !== windowStart) {
    const stale = counter;
    const fresh: Counter = { windowStart, current: 0, previous: 0, pending: 0 };
    counters.set(keyId, fresh);
    // Hits of the window that ended, not yet written, go into its row.
    if (stale && stale.pending > 0) await addHits(app, keyId, 'requests', stale.windowStart, stale.pending).catch(() => 0);
    fresh.loading = readWindows(app, keyId, 'requests', windowStart, windowMs).then((read) => {
      fresh.current += read.current;
      fresh.previous = read.previous;
      fresh.loading = undefined;
    });
    counter = fresh;
  }
  if (counter.loading) await counter.loading;
  if (estimate(counter, windowMs, now) >= max) {
    setRetryAfter(retryAfter(counter, max, windowMs, now));
    throw new ApiError('apiRateLimited');
  }
  counter.current += 1;
  counter.pending += 1;
  return Math.max(0, Math.floor(max - estimate(counter, windowMs, now)));
}

/** Writes this process's pending request counts, reading back the totals (which include other processes'). */
export async function flushCounters(app: FastifyInstance): Promise<void> {
  const state = stateOf(app);
  if (state.flushing) return state.flushing;
  state.flushing = (async () => {
    for (const [keyId, counter] of state.counters) {
      if (counter.pending === 0 || counter.loading) continue;
      const pending = counter.pending;
      counter.pending = 0;
      try {
        const total = await addHits(app, keyId, 'requests', counter.windowStart, pending);
        // Hits counted while writing stay pending and local.
        counter.current = total + counter.pending;
      } catch (error) {
        counter.pending += pending;
        throw error;
      }
    }
  })().finally(() => {
    state.flushing = undefined;
  });
  return state.flushing;
}

/** What is left of the hourly requests (the account call shows it). */
export function requestsRemaining(app: FastifyInstance, keyId: string, now: number): number {
  const counter = stateOf(app).counters.get(keyId);
  if (!counter) return API_RATE_REQUESTS;
  return Math.max(0, Math.floor(API_RATE_REQUESTS - estimate(counter, API_RATE_REQUESTS_WINDOW_MS, now)));
}

/** What is left of the publications of the rolling 15 minutes. */
export async function publicationsRemaining(app: FastifyInstance, keyId: string, now: number): Promise<number> {
  const { max, windowMs } = LIMITS.publish;
  const windowStart = windowStartOf(now, windowMs);
  const read = await readWindows(app, keyId, 'publish', windowStart, windowMs);
  return Math.max(0, Math.floor(max - estimate({ ...read, windowStart }, windowMs, now)));
}

/** Checks the publishing limit and counts one publication (in the database, at once). */
export async function countPublication(
  app: FastifyInstance,
  keyId: string,
  now: number,
  setRetryAfter: (s: number) => void,
): Promise<void> {
  const { max, windowMs } = LIMITS.publish;
  const windowStart = windowStartOf(now, windowMs);
  const read = await readWindows(app, keyId, 'publish', windowStart, windowMs);
  const counter = { ...read, windowStart };
  if (estimate(counter, windowMs, now) >= max) {
    setRetryAfter(retryAfter(counter, max, windowMs, now));
    throw new ApiError('apiRateLimited');
  }
  await addHits(app, keyId, 'publish', windowStart, 1);
}

/** Old counter windows and expired idempotency rows go (the plugin runs this now and then). */
export async function pruneApiRows(app: FastifyInstance, now: number, idempotencyTtlMs: number): Promise<void> {
  await app.db
    .deleteFrom('api_key_hits')
    .where('window_start', '<', now - 2 * Math.max(API_RATE_REQUESTS_WINDOW_MS, API_RATE_PUBLISH_WINDOW_MS))
    .execute();
  await app.db
    .deleteFrom('api_idempotency')
    .where('created_at', '<', now - idempotencyTtlMs)
    .execute();
}
