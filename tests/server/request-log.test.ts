import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { PUBLIC } from '../../src/server/auth/rules';
import type { Config } from '../../src/server/config';
import { testConfig } from './helpers';

/** Test routes under /api: a slow one and one that fails. */
const testRoutes: FastifyPluginAsync = async (app) => {
  app.get('/test-log/slow', { config: PUBLIC }, async () => {
    await sleep(400);
    return { ok: true };
  });
  app.get('/test-log/boom', { config: PUBLIC }, async () => {
    throw new Error('boom');
  });
};

interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}

let app: FastifyInstance | undefined;
let config: Config | undefined;

/** An app whose pino lines are kept (parsed) in `lines`. */
async function start(env: Record<string, string>): Promise<{ app: FastifyInstance; lines: Line[]; bytes: () => number }> {
  const lines: Line[] = [];
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  config = await testConfig('sqlite', env);
  app = await buildApp(config, { routes: [testRoutes], logger: { level: config.logLevel, stream } });
  return { app, lines, bytes: () => bytes };
}

afterEach(async () => {
  await app?.close();
  if (config) await rm(config.dataDir, { recursive: true, force: true });
  app = undefined;
  config = undefined;
});

const INFO = 30;
const requestLines = (lines: Line[]) => lines.filter((l) => ['request', 'incoming request', 'request completed'].includes(l.msg));

describe('request logging', () => {
  it('at info, writes no line per request, only errors, slow requests and a summary', async () => {
    const { app, lines, bytes } = await start({ QUIRE_LOG_LEVEL: 'info', QUIRE_LOG_SLOW: '300' });
    for (let i = 0; i < 200; i++) expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    for (let i = 0; i < 50; i++) expect((await app.inject({ method: 'GET', url: '/api/nothing-here?v=2' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/test-log/slow?v=2' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/test-log/boom?v=2' })).statusCode).toBe(500);

    expect(requestLines(lines)).toEqual([]);
    // (On a busy machine another request may pass 300 ms too: only the slow route's line is certain.)
    const slow = lines.filter((l) => l.msg === 'slow request' && l.url === '/api/test-log/slow?v=2');
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ level: 40, method: 'GET', url: '/api/test-log/slow?v=2', statusCode: 200 });
    expect(slow[0]?.ms).toBeGreaterThan(300);
    const errors = lines.filter((l) => l.msg === 'request error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 50, url: '/api/test-log/boom?v=2', statusCode: 500 });
    // 252 requests cost a few lines, not 500.
    expect(lines.length).toBeLessThan(10);
    expect(bytes()).toBeLessThan(4000);

    // The summary (every QUIRE_LOG_SUMMARY seconds, and once more when the server stops).
    await app.close();
    const summary = lines.find((l) => l.msg === 'requests');
    expect(summary).toMatchObject({ level: INFO, requests: 252, status: { '2xx': 201, '4xx': 50, '5xx': 1 } });
    const routes = summary?.routes as Record<string, { n: number; p50: number; p99: number }>;
    expect(routes['GET /healthz']?.n).toBe(200);
    expect(routes['(unmatched)']?.n).toBe(50);
    expect(routes['GET /api/test-log']?.n).toBe(2);
    expect(routes['GET /api/test-log']?.p99).toBeGreaterThanOrEqual(399);
    expect(routes['GET /healthz']?.p50).toBeLessThanOrEqual(routes['GET /healthz']?.p99 ?? 0);
  });

  it('at debug, writes one line per request', async () => {
    const { app, lines } = await start({ QUIRE_LOG_LEVEL: 'debug', QUIRE_LOG_SUMMARY: '0' });
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/api/nothing-here?v=2' });
    const perRequest = lines.filter((l) => l.msg === 'request');
    expect(perRequest).toHaveLength(5);
    expect(perRequest[0]).toMatchObject({ level: 20, method: 'GET', url: '/api/nothing-here?v=2', statusCode: 404 });
    expect(typeof perRequest[0]?.reqId).toBe('string');
    await app.close();
    expect(lines.filter((l) => l.msg === 'requests')).toEqual([]);
  });

  it('writes the summary every QUIRE_LOG_SUMMARY seconds, and none for an idle interval', async () => {
    const { app, lines } = await start({ QUIRE_LOG_LEVEL: 'info', QUIRE_LOG_SUMMARY: '1' });
    await app.inject({ method: 'GET', url: '/healthz' });
    await sleep(1300);
    expect(lines.filter((l) => l.msg === 'requests')).toHaveLength(1);
    await sleep(1000);
    expect(lines.filter((l) => l.msg === 'requests')).toHaveLength(1);
  });
});
