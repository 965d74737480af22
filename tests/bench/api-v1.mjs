// Public API v1 benchmark (issue 18: "signature verification and key lookup add ≤ 1 ms p50 to a call,
// against the same call with a session token"). One account with BENCH_API_BOOKS publications and an API
// key with every right (its row written as the key store writes it: SHA-256 of the secret, the signing key
// sealed with the instance secret's derived key); then, one request at a time over one kept-alive loopback
// connection, interleaved:
//   - session: GET /api/account/book/?v=2 (the account's first page of 25, bearer access token);
//   - signed:  GET /api/v1/publications?per_page=25 (X-Quire-Key/-Expires/-Signature, signed before the clock starts);
//   - bearer:  GET /api/v1/publications?per_page=25 (Authorization: Bearer qs_…, dev mode: http allowed).
// p50/p95 of each, and `added_p50_ms` = signed p50 − session p50 (goal ≤ 1 ms). Both answers list the same
// 25 publications; their views differ a little (the v1 view has absolute URLs, no account block).
// Options (env): BENCH_API_REQUESTS (per kind, default 2000), BENCH_API_BOOKS (default 200).

import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { signIn } from './stats-dashboard.mjs';

const REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 2000);
const BOOKS = Number(process.env.BENCH_API_BOOKS ?? 200);
const WARMUP = 200;
const GOALS = { added_p50_ms: 1 };

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest('hex');

/** As src/server/auth/totp-store.ts sealSecret (AES-256-GCM, the row id as associated data). */
function seal(key, id, secret) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(id, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${[iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
}

/** As src/contracts/api-keys.ts canonicalRequest. */
function canonical({ method, pathname, query, expires, publicKey, bodyHash }) {
  const pairs = [...query].map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)]);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return [method, pathname, pairs.map(([k, v]) => `${k}=${v}`).join('&'), String(expires), publicKey, bodyHash].join('\n');
}

async function openStore(server) {
  if (server.dialect === 'sqlite') {
    const db = new DatabaseSync(path.join(server.dataDir, 'quire.db'));
    db.exec('PRAGMA busy_timeout = 10000;');
    return {
      run: async (text, params = []) => db.prepare(text).run(...params),
      get: async (text, params = []) => db.prepare(text).get(...params),
      close: async () => db.close(),
    };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.QUIRE_BENCH_DATABASE_URL });
  await client.connect();
  const numbered = (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  return {
    run: async (text, params = []) => client.query(numbered(text), params),
    get: async (text, params = []) => (await client.query(numbered(text), params)).rows[0],
    close: async () => client.end(),
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (ms) => Math.round(ms * 1000) / 1000;

export async function measureApiV1(startServer) {
  const secretOfInstance = randomBytes(32).toString('base64url');
  const server = await startServer({ QUIRE_DEV: '1', QUIRE_DEMO: '0', QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_SECRET: secretOfInstance });
  let store;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { token, accountId } = await signIn(server.url, server.dataDir, 'bench-api');
    store = await openStore(server);
    await store.run("update accounts set mode = 'PREMIUM', type = 'PREMIUM' where id = ?", [accountId]);
    const now = Date.now();
    for (let b = 0; b < BOOKS; b++) {
      await store.run(
        `insert into books (id, account_id, name, description, status, pages_total, pages_done, source_name, source_kind, source_size,
          start_time, created_at, modified_at, token_secret) values (?, ?, ?, '', 'DONE', 10, 10, 'bench.pdf', 'pdf', 1000, ?, ?, ?, ?)`,
        [`benchapibook${b}`, accountId, `Publication ${b}`, now, now - b * 1000, now, randomBytes(8).toString('hex')],
      );
    }
    const profile = await store.get('select id from profiles where account_id = ?', [accountId]);
    const keyId = randomBytes(10).toString('hex');
    const publicKey = `qk_${randomBytes(12).toString('hex')}`;
    const secret = `qs_${randomBytes(32).toString('base64url')}`;
    const signingKey = hmac(secret, 'quire-api-signing-v1');
    const apiKeysKey = createHmac('sha256', secretOfInstance).update('quire:api-signing-keys').digest();
    await store.run(
      `insert into api_keys (id, account_id, profile_id, name, public_key, secret_hash, signing_key, rights, created_at)
        values (?, ?, ?, 'Bench key', ?, ?, ?, 'read,publish,edit,delete,statistics,subscribers', ?)`,
      [keyId, accountId, profile.id, publicKey, sha256(secret), seal(apiKeysKey, keyId, signingKey), now],
    );
    const base = new URL(server.url);
    const get = (pathWithQuery, headers) =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        const req = http.get({ host: base.hostname, port: base.port, path: pathWithQuery, headers, agent }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - started;
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (body.status !== 'ok') reject(new Error(`${pathWithQuery}: ${res.statusCode} ${JSON.stringify(body.content)}`));
            else resolve({ ms, body });
          });
        });
        req.on('error', reject);
      });
    const v1Path = '/api/v1/publications?per_page=25';
    const kinds = {
      session: () => get('/api/account/book/?v=2', { authorization: `Bearer ${token}` }),
      signed: () => {
        const expires = Math.floor(Date.now() / 1000) + 300;
        const text = canonical({
          method: 'GET',
          pathname: '/api/v1/publications',
          query: [['per_page', '25']],
          expires,
          publicKey,
          bodyHash: sha256(''),
        });
        return get(v1Path, { 'x-quire-key': publicKey, 'x-quire-expires': String(expires), 'x-quire-signature': hmac(signingKey, text) });
      },
      bearer: () => get(v1Path, { authorization: `Bearer ${secret}` }),
    };
    // Same data: both list the same first 25 publications.
    const session = (await kinds.session()).body.content.list.map((b) => b.id);
    const signed = (await kinds.signed()).body.content.items.map((b) => b.id);
    if (JSON.stringify(session) !== JSON.stringify(signed)) throw new Error('the session and API lists differ');
    for (let i = 0; i < WARMUP; i++) for (const run of Object.values(kinds)) await run();
    const times = { session: [], signed: [], bearer: [] };
    for (let i = 0; i < REQUESTS; i++) for (const [kind, run] of Object.entries(kinds)) times[kind].push((await run()).ms);
    const stats = Object.fromEntries(
      Object.entries(times).map(([kind, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return [kind, { p50_ms: round(percentile(sorted, 50)), p95_ms: round(percentile(sorted, 95)) }];
      }),
    );
    const added = round(stats.signed.p50_ms - stats.session.p50_ms);
    return {
      dialect: server.dialect,
      requests: REQUESTS,
      publications: BOOKS,
      per_page: 25,
      calls: [
        { call: 'session GET /api/account/book/?v=2', ...stats.session },
        { call: 'signed GET /api/v1/publications', ...stats.signed },
        { call: 'bearer GET /api/v1/publications', ...stats.bearer },
      ],
      added_p50_ms: added,
      added_p50_bearer_ms: round(stats.bearer.p50_ms - stats.session.p50_ms),
      goals: GOALS,
      meets_goal: added <= GOALS.added_p50_ms,
    };
  } finally {
    agent.destroy();
    await store?.close();
    await server.stop();
  }
}
