import { createHash, timingSafeEqual } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
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
 * reads the same counters. Correct across processes (issue 19: several app instances on one
 * PostgreSQL) and still cheap: a process RESERVES hits in the database in small blocks with one atomic,
 * guarded upsert (`hits = hits + n` only while the total stays within what the rolling limit allows
 * now) and spends them in memory; the block is an eighth of what is left (at most RESERVE_MAX, at least
 * one — near the limit every request is counted in the database, exactly), and what a process has not
 * spent goes back every FLUSH_MS once the key is idle or near its limit (and at close). So the limit
 * is never exceeded across any number of processes; a process may refuse early by at most the blocks
 * the others hold unspent for one FLUSH_MS. Publications (rare) are counted one by one with the same
 * guarded upsert. A revoke reaches every process at once on PostgreSQL (NOTIFY on API_KEYS_CHANNEL:
 * they forget their cached keys); otherwise within KEY_CACHE_TTL_MS.
 */

/** How long a key row stays cached (a revoke in another process takes effect within this). */
export const KEY_CACHE_TTL_MS = 5_000;
/** How often unspent reservations of idle keys go back to the database. */
export const FLUSH_MS = 1_000;
/** Largest block of requests a process reserves at once. */
export const RESERVE_MAX = 50;
/** NOTIFY channel (PostgreSQL) on which a revoke tells every process to forget its cached keys. */
export const API_KEYS_CHANNEL = 'quire_api_keys';
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
  /** Hits of the current window in the database as last seen (every process's reservations included). */
  current: number;
  previous: number;
  /** Hits this process reserved in the database and has not spent yet. */
  reserved: number;
  /** Whether a hit was spent since the last flush. */
  used: boolean;
  /** Database work on this counter runs one at a time (reserving, giving back). */
  queue: Promise<unknown>;
}

interface State {
  keys: Map<string, CachedKey>;
  counters: Map<string, Counter>;
  lastUsed: Map<string, number>;
  timer?: NodeJS.Timeout;
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

/** Starts the counters' write-back (the v1 plugin calls it once); gives everything back on close. */
export function startApiLimits(app: FastifyInstance): void {
  const state = stateOf(app);
  state.timer = setInterval(() => {
    void flushCounters(app, false).catch((err: unknown) => app.log.warn({ err }, 'api: writing the request counters failed'));
  }, FLUSH_MS);
  state.timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(state.timer);
    await flushCounters(app).catch(() => undefined);
  });
}

/** A revoke: every process forgets its cached keys (PostgreSQL NOTIFY; elsewhere only this one). */
export async function announceRevoke(app: FastifyInstance, keyId: string): Promise<void> {
  forgetApiKey(app, keyId);
  if (app.dialect === 'postgres') await sql`select pg_notify(${API_KEYS_CHANNEL}, ${keyId})`.execute(app.db);
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

/**
 * Adds `n` hits to a window only while its total stays within `allowed` (one atomic statement, so
 * concurrent processes never pass the limit together): the new total, or undefined when refused.
 */
async function addWithin(
  app: FastifyInstance,
  keyId: string,
  kind: LimitKind,
  windowStart: number,
  n: number,
  allowed: number,
): Promise<number | undefined> {
  if (n > allowed) return undefined;
  const row = await app.db
    .insertInto('api_key_hits')
    .values({ key_id: keyId, kind, window_start: windowStart, hits: n })
    .onConflict((oc) =>
      oc
        .columns(['key_id', 'kind', 'window_start'])
        .doUpdateSet((eb) => ({ hits: eb('api_key_hits.hits', '+', eb.ref('excluded.hits')) }))
        .where(sql<boolean>`api_key_hits.hits + excluded.hits <= ${allowed}`),
    )
    .returning('hits')
    .executeTakeFirst();
  return row ? Number(row.hits) : undefined;
}

/**
 * Hits the current window may hold now: a hit is allowed while the rolling count before it is below the
 * limit (previous·(1 − elapsed) + current < max), so the current window may reach ⌈max − previous·(1 − elapsed)⌉.
 */
function allowedNow(c: Pick<Counter, 'previous' | 'windowStart'>, max: number, windowMs: number, now: number): number {
  const elapsed = Math.min(1, Math.max(0, (now - c.windowStart) / windowMs));
  return Math.ceil(max - c.previous * (1 - elapsed));
}

/** Runs `work` after the counter's earlier database work (one at a time per counter and process). */
function serial<T>(counter: Counter, work: () => Promise<T>): Promise<T> {
  const next = counter.queue.then(work, work);
  counter.queue = next.catch(() => undefined);
  return next;
}

/** This process's counter of a key for the window of `now` (a new window gives the old one's unspent hits back). */
async function counterOf(app: FastifyInstance, keyId: string, now: number): Promise<Counter> {
  const { windowMs } = LIMITS.requests;
  const { counters } = stateOf(app);
  const windowStart = windowStartOf(now, windowMs);
  const counter = counters.get(keyId);
  if (counter && counter.windowStart === windowStart) return counter;
  const fresh: Counter = { windowStart, current: 0, previous: 0, reserved: 0, used: false, queue: Promise.resolve() };
  counters.set(keyId, fresh);
  await serial(fresh, async () => {
    if (counter && counter.reserved > 0) {
      const back = counter.reserved;
      counter.reserved = 0;
      await serial(counter, () => addHits(app, keyId, 'requests', counter.windowStart, -back)).catch(() => 0);
    }
    const read = await readWindows(app, keyId, 'requests', windowStart, windowMs);
    fresh.current = read.current;
    fresh.previous = read.previous;
  });
  return fresh;
}

/** Counts a request of a key; throws apiRateLimited (with Retry-After set on the reply) past the hourly limit. */
export async function countRequest(app: FastifyInstance, keyId: string, now: number, setRetryAfter: (s: number) => void): Promise<number> {
  const { max, windowMs } = LIMITS.requests;
  const counter = await counterOf(app, keyId, now);
  if (counter.reserved === 0) {
    await serial(counter, async () => {
      if (counter.reserved > 0) return;
      const allowed = allowedNow(counter, max, windowMs, now);
      const block = Math.min(RESERVE_MAX, Math.max(1, Math.floor((allowed - counter.current) / 8)));
      let total = await addWithin(app, keyId, 'requests', counter.windowStart, block, allowed);
      let got = block;
      if (total === undefined && block > 1) {
        got = 1;
        total = await addWithin(app, keyId, 'requests', counter.windowStart, 1, allowed);
      }
      if (total === undefined) {
        counter.current = (await readWindows(app, keyId, 'requests', counter.windowStart, windowMs)).current;
        return;
      }
      counter.current = total;
      counter.reserved += got;
    });
  }
  if (counter.reserved === 0) {
    setRetryAfter(retryAfter(counter, max, windowMs, now));
    throw new ApiError('apiRateLimited');
  }
  counter.reserved -= 1;
  counter.used = true;
  return requestsRemaining(app, keyId, now);
}

/**
 * Gives this process's unspent reservations back to the database (all of them; with `all` false only
 * those of keys idle since the last flush or near their limit — the timer's round).
 */
export async function flushCounters(app: FastifyInstance, all = true): Promise<void> {
  const state = stateOf(app);
  const { max, windowMs } = LIMITS.requests;
  const now = app.clock();
  const rounds: Promise<unknown>[] = [];
  for (const [keyId, counter] of state.counters) {
    const near = allowedNow(counter, max, windowMs, now) - counter.current < 8 * RESERVE_MAX;
    const idle = !counter.used;
    counter.used = false;
    if (counter.reserved === 0) {
      // A key unused for a whole window is forgotten (memory stays bounded by the active keys).
      if (idle && now - counter.windowStart >= windowMs) state.counters.delete(keyId);
      continue;
    }
    if (!all && !idle && !near) continue;
    rounds.push(
      serial(counter, async () => {
        const back = counter.reserved;
        if (back === 0) return;
        counter.reserved = 0;
        try {
          counter.current = await addHits(app, keyId, 'requests', counter.windowStart, -back);
        } catch (error) {
          counter.reserved += back;
          throw error;
        }
      }),
    );
  }
  const results = await Promise.allSettled(rounds);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** What is left of the hourly requests (the account call shows it): what this process holds counts as spent by others. */
export function requestsRemaining(app: FastifyInstance, keyId: string, now: number): number {
  const counter = stateOf(app).counters.get(keyId);
  if (!counter) return API_RATE_REQUESTS;
  const spent = counter.current - counter.reserved;
  return Math.max(0, Math.floor(API_RATE_REQUESTS - estimate({ ...counter, current: spent }, API_RATE_REQUESTS_WINDOW_MS, now)));
}

/** What is left of the publications of the rolling 15 minutes. */
export async function publicationsRemaining(app: FastifyInstance, keyId: string, now: number): Promise<number> {
  const { max, windowMs } = LIMITS.publish;
  const windowStart = windowStartOf(now, windowMs);
  const read = await readWindows(app, keyId, 'publish', windowStart, windowMs);
  return Math.max(0, Math.floor(max - estimate({ ...read, windowStart }, windowMs, now)));
}

/** Checks the publishing limit and counts one publication (in the database, at once, atomically). */
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
  const counted = await addWithin(app, keyId, 'publish', windowStart, 1, allowedNow(counter, max, windowMs, now));
  if (counted === undefined) {
    const again = { ...(await readWindows(app, keyId, 'publish', windowStart, windowMs)), windowStart };
    setRetryAfter(retryAfter(again, max, windowMs, now));
    throw new ApiError('apiRateLimited');
  }
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
