import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_KEY_RIGHTS, type ApiKeyRight, canonicalRequest } from '../../src/contracts/api-keys';
import { newKeyPair, sealSigningKey, secretHash, signCanonical, signingKeyOf } from '../../src/server/api-keys/crypto';
import { newId } from '../../src/server/auth/crypto';
import { nextIp } from './accounts-support';
import { multipartBody } from './publish-support';

/** API keys and calls of the public API v1 in tests (the key rows are written as the key store writes them, with its crypto). */

export interface TestKey {
  id: string;
  publicKey: string;
  secret: string;
  signingKey: string;
}

/** Inserts a key of an account (its first profile unless given) with these rights. */
export async function createKey(
  app: FastifyInstance,
  accountId: string,
  options: {
    rights?: readonly ApiKeyRight[];
    expiresAt?: number | null;
    revokedAt?: number | null;
    name?: string;
    profileId?: string;
  } = {},
): Promise<TestKey> {
  const id = newId();
  const { publicKey, secret } = newKeyPair();
  const signingKey = signingKeyOf(secret);
  const profileId =
    options.profileId ??
    (await app.db.selectFrom('profiles').select('id').where('account_id', '=', accountId).executeTakeFirstOrThrow()).id;
  const rights = options.rights ?? API_KEY_RIGHTS;
  await app.db
    .insertInto('api_keys')
    .values({
      id,
      account_id: accountId,
      profile_id: profileId,
      name: options.name ?? 'Test key',
      public_key: publicKey,
      secret_hash: secretHash(secret),
      signing_key: sealSigningKey(app.keys.apiKeys, id, signingKey),
      rights: API_KEY_RIGHTS.filter((r) => rights.includes(r)).join(','),
      created_at: Date.now(),
      expires_at: options.expiresAt ?? null,
      last_used_at: null,
      revoked_at: options.revokedAt ?? null,
    })
    .execute();
  return { id, publicKey, secret, signingKey };
}

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below /api/v1, with its query (e.g. `/publications?page=2`). */
  path: string;
  json?: unknown;
  multipart?: { fields: Record<string, string>; file?: { name: string; data: Buffer } };
  /** A multipart body built once (multipartBody), sent byte for byte again by a retry. */
  body?: { payload: Buffer; contentType: string };
  headers?: Record<string, string>;
  /** How the call authenticates (default: signed). */
  auth?: 'signed' | 'bearer' | 'none';
  /** Signed calls: expiry (unix seconds; default now + 5 min by `now`). */
  expires?: number;
  /** The clock the expiry is computed from (the app's). */
  now?: number;
  /** Changes the signature after signing (tamper tests). */
  tamper?: (signature: string) => string;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The three signed-call headers for a request. */
export function signedHeaders(key: TestKey, method: string, url: string, body: string | Buffer, expires: number): Record<string, string> {
  const [path = '', search = ''] = url.split('?', 2);
  const canonical = canonicalRequest({
    method,
    path,
    query: new URLSearchParams(search),
    expires,
    publicKey: key.publicKey,
    bodySha256Hex: sha256Hex(body),
  });
  return {
    'x-quire-key': key.publicKey,
    'x-quire-expires': String(expires),
    'x-quire-signature': signCanonical(key.signingKey, canonical),
  };
}

/** One API v1 call through the app. */
export async function api(app: FastifyInstance, key: TestKey | undefined, call: ApiCall): Promise<LightMyRequestResponse> {
  const method = call.method ?? (call.json !== undefined || call.multipart || call.body ? 'POST' : 'GET');
  const url = `/api/v1${call.path}`;
  const headers: Record<string, string> = { ...call.headers };
  let payload: string | Buffer = '';
  if (call.body) {
    headers['content-type'] = call.body.contentType;
    payload = call.body.payload;
  } else if (call.multipart) {
    const body = multipartBody(call.multipart.fields, call.multipart.file);
    headers['content-type'] = body.contentType;
    payload = body.payload;
  } else if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(call.json);
  }
  const auth = call.auth ?? 'signed';
  if (key && auth === 'signed') {
    const expires = call.expires ?? Math.floor((call.now ?? app.clock()) / 1000) + 300;
    const signed = signedHeaders(key, method, url, payload, expires);
    if (call.tamper) signed['x-quire-signature'] = call.tamper(signed['x-quire-signature'] as string);
    Object.assign(headers, signed);
  } else if (key && auth === 'bearer') {
    headers.authorization = `Bearer ${key.secret}`;
  }
  return app.inject({ method, url, headers, payload: payload.length > 0 ? payload : undefined, remoteAddress: nextIp() });
}

/** The envelope's content of an answer, failing with the body when it is not the expected status. */
export function contentOf<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body.slice(0, 500)}`);
  return res.json().content as T;
}

/** The error of an answer: `{type, code}` and the HTTP status. */
export const errorOf = (res: LightMyRequestResponse) => {
  const body = res.json() as { status: string; content: { type: string; code: number; fields?: string[] } };
  return { http: res.statusCode, status: body.status, ...body.content };
};
