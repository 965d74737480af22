import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_RATE_PUBLISH,
  API_RATE_PUBLISH_WINDOW_MS,
  API_RATE_REQUESTS,
  API_RATE_REQUESTS_WINDOW_MS,
  type ApiKeyRight,
} from '../../src/contracts/api-keys';
import { BEACON_PATH } from '../../src/contracts/share';
import { buildApp } from '../../src/server/app';
import { BEACON_IP_PER_MINUTE } from '../../src/server/beacon/buffer';
import { ipMinuteKey, type SharedIpCap, sharedIpCap } from '../../src/server/cluster/ip-caps';
import { claimRun, scheduleOnce } from '../../src/server/cluster/schedule';
import type { Config } from '../../src/server/config';
import { announceRevoke, countPublication, flushCounters, forgetApiKey, RESERVE_MAX } from '../../src/server/routes/v1/auth';
import { enqueueApiDelivery } from '../../src/server/triggers/deliveries';
import { type AccountsCtx, nextIp, setMode, signedIn } from './accounts-support';
import { api, createKey, type TestKey } from './api-v1-support';
import { insertApiWebhook } from './api-webhooks-support';
import { testConfig } from './helpers';
import { makeBook } from './reader-support';

/**
 * Issue 19: what must be right across several app instances on one PostgreSQL database (behind a
 * round-robin load balancer). Two apps (two buildApp, each with its own pool, LISTEN connections,
 * timers and memory) on one database; requests alternate between them. SQLite is one process by
 * nature (one file, one writer): these tests run on PostgreSQL only.
 */

let config: Config;
let a: FastifyInstance;
let b: FastifyInstance;
let offset = 0;
const clock = () => Date.now() + offset;

beforeAll(async () => {
  config = await testConfig('postgres', { QUIRE_DEV: '1', QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_WEBHOOK_PRIVATE: '1' });
  a = await buildApp(config, { clock });
  b = await buildApp(config, { clock });
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  if (config) await rm(config.dataDir, { recursive: true, force: true });
});

const ctxOf = (app: FastifyInstance): AccountsCtx =>
  ({
    app,
    config,
    verifyCount: () => 0,
    advance: (ms: number) => {
      offset += ms;
    },
  }) as AccountsCtx;
/** Round robin: the n-th request goes to a, b, a, b, … */
const pick = (n: number) => (n % 2 === 0 ? a : b);

async function keyOf(prefix: string, rights?: readonly ApiKeyRight[]): Promise<{ accountId: string; key: TestKey }> {
  const owner = await signedIn(ctxOf(a), prefix);
  const accountId = owner.content.account.id as string;
  await setMode(a, accountId, 'PREMIUM');
  return { accountId, key: await createKey(a, accountId, rights ? { rights } : {}) };
}

const hitsOf = async (keyId: string, kind: string, windowStart: number) =>
  Number(
    (
      await a.db
        .selectFrom('api_key_hits')
        .select('hits')
        .where('key_id', '=', keyId)
        .where('kind', '=', kind)
        .where('window_start', '=', windowStart)
        .executeTakeFirst()
    )?.hits ?? 0,
  );

describe('two app instances on one PostgreSQL database', () => {
  it('share the routes’ per-address limits (one count, not one per instance)', async () => {
    // GET {api}/public/captcha: 60 a minute per address.
    const ip = nextIp();
    const statuses: number[] = [];
    for (let n = 0; n < 64; n++) {
      const res = await pick(n).inject({ method: 'GET', url: '/api/public/captcha?v=2', remoteAddress: ip });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429]);
    // Another address is not limited, on either instance.
    expect((await b.inject({ method: 'GET', url: '/api/public/captcha?v=2', remoteAddress: nextIp() })).statusCode).toBe(200);
  });

  it('never let an API key pass its hourly limit, even with concurrent calls on both instances', async () => {
    const { key } = await keyOf('cluster-limit', ['read']);
    const windowStart = Math.floor(clock() / API_RATE_REQUESTS_WINDOW_MS) * API_RATE_REQUESTS_WINDOW_MS;
    // As if the key had used all but 30 of its hour.
    await a.db
      .insertInto('api_key_hits')
      .values({ key_id: key.id, kind: 'requests', window_start: windowStart, hits: API_RATE_REQUESTS - 30 })
      .execute();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => api(pick(n), key, { path: '/account' })));
    const ok = answers.filter((r) => r.statusCode === 200).length;
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(ok).toBe(30);
    expect(limited).toHaveLength(20);
    for (const r of limited) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    await Promise.all([flushCounters(a), flushCounters(b)]);
    expect(await hitsOf(key.id, 'requests', windowStart)).toBe(API_RATE_REQUESTS);
  });

  it('count every request of a key once across instances (blocks reserved, the rest given back)', async () => {
    const { key } = await keyOf('cluster-count', ['read']);
    const windowStart = Math.floor(clock() / API_RATE_REQUESTS_WINDOW_MS) * API_RATE_REQUESTS_WINDOW_MS;
    const calls = 2 * RESERVE_MAX + 7;
    for (let n = 0; n < calls; n++) expect((await api(pick(n), key, { path: '/account' })).statusCode).toBe(200);
    // Reserved blocks are in the database before they are spent: never fewer than the calls.
    expect(await hitsOf(key.id, 'requests', windowStart)).toBeGreaterThanOrEqual(calls);
    await Promise.all([flushCounters(a), flushCounters(b)]);
    expect(await hitsOf(key.id, 'requests', windowStart)).toBe(calls);
    // Both instances show the same remaining requests once given back.
    const remaining = await Promise.all(
      [a, b].map(async (app) => (await api(app, key, { path: '/account' })).json().content.key.requests_remaining as number),
    );
    expect(Math.abs((remaining[0] as number) - (remaining[1] as number))).toBeLessThanOrEqual(2 * RESERVE_MAX);
  });

  it('count publications exactly: concurrent publications on both instances stop at the limit', async () => {
    const { key } = await keyOf('cluster-publish', ['publish']);
    const windowStart = Math.floor(clock() / API_RATE_PUBLISH_WINDOW_MS) * API_RATE_PUBLISH_WINDOW_MS;
    const results = await Promise.allSettled(
      Array.from({ length: 3 * API_RATE_PUBLISH }, (_, n) => countPublication(pick(n), key.id, clock(), () => undefined)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(API_RATE_PUBLISH);
    expect(await hitsOf(key.id, 'publish', windowStart)).toBe(API_RATE_PUBLISH);
  });

  it('stop accepting a revoked key on the other instance at once (NOTIFY), not after its cache time', async () => {
    const { key } = await keyOf('cluster-revoke', ['read']);
    // Both instances have the key cached.
    expect((await api(a, key, { path: '/account' })).statusCode).toBe(200);
    expect((await api(b, key, { path: '/account' })).statusCode).toBe(200);
    await a.db.updateTable('api_keys').set({ revoked_at: clock() }).where('id', '=', key.id).execute();
    await announceRevoke(a, key.id);
    const deadline = Date.now() + 2000;
    let status = 200;
    while (Date.now() < deadline && status === 200) {
      status = (await api(b, key, { path: '/account' })).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    forgetApiKey(a);
  });

  it('add up the share beacon counts of both instances (neither lost nor doubled)', async () => {
    const owner = await signedIn(ctxOf(a), 'cluster-beacon');
    const accountId = owner.content.account.id as string;
    const bookId = await makeBook(a, accountId, { name: 'Shared' });
    const query = new URLSearchParams({ e: 'share', cb: '1', d: 'desktop', s: 'facebook', t: 'book', bid: bookId });
    for (let n = 0; n < 40; n++) await pick(n).inject({ method: 'GET', url: `${BEACON_PATH}?${query}`, remoteAddress: nextIp() });
    await Promise.all([a.shareBeacon.flush(), b.shareBeacon.flush()]);
    const rows = await a.db.selectFrom('share_counts').select('count').where('book_id', '=', bookId).execute();
    expect(rows.reduce((sum, r) => sum + Number(r.count), 0)).toBe(40);
  });

  it('hold the beacons’ per-address cap across instances (counted together at flush)', async () => {
    const owner = await signedIn(ctxOf(a), 'cluster-cap');
    const accountId = owner.content.account.id as string;
    const bookId = await makeBook(a, accountId, { name: 'Capped' });
    const query = new URLSearchParams({ e: 'share', cb: '1', d: 'phone', s: 'x', t: 'book', bid: bookId });
    // One address, 100 hits on each instance: each is under its own cap (BEACON_IP_PER_MINUTE), not together.
    const ip = nextIp();
    const minuteLeft = 60_000 - (clock() % 60_000);
    if (minuteLeft < 15_000) offset += minuteLeft + 1000;
    for (let n = 0; n < 200; n++) await pick(n).inject({ method: 'GET', url: `${BEACON_PATH}?${query}`, remoteAddress: ip });
    await Promise.all([a.shareBeacon.flush(), b.shareBeacon.flush()]);
    const rows = await a.db.selectFrom('share_counts').select('count').where('book_id', '=', bookId).execute();
    expect(rows.reduce((sum, r) => sum + Number(r.count), 0)).toBe(BEACON_IP_PER_MINUTE);
    // The statistics batches' cap: two instances flushing at once for one address and minute.
    const caps = [a, b].map((app) => sharedIpCap(app.db, 'stats-test', 120));
    const key = ipMinuteKey(clock(), '203.0.113.9');
    const granted = await Promise.all(
      Array.from({ length: 6 }, (_, n) => (caps[n % 2] as SharedIpCap)(new Map([[key, 30]])).then((m) => m.get(key) ?? 0)),
    );
    expect(granted.reduce((x, y) => x + y, 0)).toBe(120);
  });

  it('run a periodic task once per interval, whichever instance claims it', async () => {
    const claims = await Promise.all(Array.from({ length: 10 }, (_, n) => claimRun(pick(n).db, 'cluster-test', 60_000, clock(), `p${n}`)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Not again within the interval; once it passed, again once.
    expect(await claimRun(b.db, 'cluster-test', 60_000, clock() + 59_000, 'late')).toBe(false);
    const later = await Promise.all([a, b].map((app, n) => claimRun(app.db, 'cluster-test', 60_000, clock() + 61_000, `q${n}`)));
    expect(later.filter(Boolean)).toHaveLength(1);
    // Two schedules (one per instance) whose timers fire together: the task runs once.
    let runs = 0;
    const task = {
      name: 'cluster-task',
      everyMs: 3_600_000,
      run: async () => {
        runs += 1;
      },
    };
    const both = [a, b].map((app) => scheduleOnce(app.db, task, { clock }));
    await Promise.all(both.map((s) => s.check()));
    await Promise.all(both.map((s) => s.check()));
    expect(runs).toBe(1);
    // A failed run gives the task back: it runs again (elsewhere) after the retry delay, not an hour later.
    let fails = 0;
    const failing = [a, b].map((app) =>
      scheduleOnce(
        app.db,
        {
          name: 'cluster-failing',
          everyMs: 3_600_000,
          run: async () => {
            fails += 1;
            throw new Error('no');
          },
        },
        { clock },
      ),
    );
    await failing[0]?.check();
    offset += 61_000;
    await failing[1]?.check();
    offset -= 61_000;
    expect(fails).toBe(2);
  });

  it('deliver each webhook once although both instances’ deliverers poll the one queue', async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(String(req.headers['x-quire-delivery'] ?? JSON.parse(body).id));
        setTimeout(() => res.end('ok'), 5);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const owner = await signedIn(ctxOf(a), 'cluster-hooks');
      const accountId = owner.content.account.id as string;
      const hook = await insertApiWebhook(a, accountId, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, [
        'publication.converted',
      ]);
      const ids: string[] = [];
      for (let n = 0; n < 30; n++) {
        ids.push(
          await enqueueApiDelivery(
            a.db,
            {
              webhookId: hook.id,
              event: 'publication.converted',
              body: (id) => ({ id, event: 'publication.converted', created_at: 0, data: {} }) as never,
            },
            clock(),
          ),
        );
      }
      a.webhooks.wake();
      b.webhooks.wake();
      const deadline = Date.now() + 20_000;
      while (received.length < ids.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.sort()).toEqual([...ids].sort());
      const states = await a.db.selectFrom('webhook_deliveries').select(['state', 'attempts']).where('id', 'in', ids).execute();
      expect(states.every((s) => s.state === 'delivered' && Number(s.attempts) === 1)).toBe(true);
    } finally {
      server.close();
    }
  });
});
