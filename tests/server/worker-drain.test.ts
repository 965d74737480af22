import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config';
import { createDb, type DbHandle, migrateToLatest } from '../../src/server/db/index';
// @ts-expect-error — plain JS module without types
import { serverBundleOptions } from '../../src/tools/server-bundle.mjs';
import { ENCODER_ENTRY } from './bundle-support';
import { getBook, getJob, insertAccount, insertBook, waitFor } from './fixtures/books';
import { makePdf } from './fixtures/pdf';
import { testConfig } from './helpers';

/**
 * The worker process (`npm run worker`, issue 19), bundled as build.mjs bundles it and spawned: its
 * health port (/healthz, /readyz; 503 `draining` once stopping) and its graceful drain — SIGTERM stops
 * claiming and lets the running conversion finish (exit 0, the book DONE, the next job left queued);
 * past QUIRE_WORKER_DRAIN_SECONDS, or on a second SIGTERM, the running job goes back to the queue.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

let config: Config;
let handle: DbHandle;
let bundle: string;
let accountId: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  config = await testConfig('sqlite', { QUIRE_CONVERT_CONCURRENCY: '1' });
  handle = createDb(config);
  await migrateToLatest(handle.db);
  accountId = await insertAccount(handle.db);
  const outdir = path.join(ROOT, 'node_modules/.cache/quire-tests', `worker-drain-${process.pid}`);
  bundle = path.join(outdir, 'worker.js');
  await build({
    ...serverBundleOptions({ configPath: path.join(ROOT, 'locales/lingui.config.ts') }),
    absWorkingDir: ROOT,
    entryPoints: { worker: 'src/server/jobs/worker-main.ts', ...ENCODER_ENTRY },
    outdir,
    logLevel: 'warning',
  });
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await handle?.destroy();
  if (bundle) await rm(path.dirname(bundle), { recursive: true, force: true });
  if (config) await rm(config.dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function book(pages: number): Promise<{ bookId: string; jobId: string }> {
  const source = path.join(config.dataDir, `src-${pages}-${Math.random().toString(36).slice(2)}.pdf`);
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(source, makePdf({ pages, word: 'Drain' }));
  const { bookId, jobId } = await insertBook(handle.db, config.dataDir, accountId, { file: source, kind: 'pdf' });
  return { bookId, jobId: jobId as string };
}

interface Run {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

async function startWorker(env: Record<string, string>): Promise<Run> {
  let output = '';
  const child = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      QUIRE_DATA_DIR: config.dataDir,
      QUIRE_CONVERT_CONCURRENCY: '1',
      QUIRE_WORKER_POLL_MS: '50',
      QUIRE_HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await waitFor(
    async () => (/worker \S+ ready/.test(output) ? true : child.exitCode !== null ? Promise.reject(new Error(output)) : undefined),
    30_000,
    'the worker to start',
  );
  return { child, exited, output: () => output };
}

const converting = (run: Run, bookId: string, pages = 1) =>
  waitFor(
    async () => {
      if (run.child.exitCode !== null) throw new Error(`the worker exited: ${run.output()}`);
      return (await getBook(handle.db, bookId)).pages_done >= pages ? true : undefined;
    },
    120_000,
    'the first pages',
  ).catch(async (error: Error) => {
    throw new Error(
      `${error.message}; job ${JSON.stringify(await handle.db.selectFrom('jobs').selectAll().where('book_id', '=', bookId).execute())}; worker: ${run.output()}`,
    );
  });

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms))]);

describe('the worker process', () => {
  it('answers its health port, and on SIGTERM finishes the running conversion, claims nothing more and exits 0', async () => {
    const port = await freePort();
    const run = await startWorker({ QUIRE_WORKER_HEALTH_PORT: String(port), QUIRE_WORKER_DRAIN_SECONDS: '240' });
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', converters: 'ok' } });

    const first = await book(24);
    await converting(run, first.bookId);
    const second = await book(2);
    run.child.kill('SIGTERM');
    // At once: the balancer (or systemd) sees it draining.
    await waitFor(
      async () => ((await fetch(`${base}/readyz`).catch(() => undefined))?.status === 503 ? true : undefined),
      5000,
      'draining',
    );
    const draining = await fetch(`${base}/readyz`);
    expect(await draining.json()).toEqual({ status: 'draining' });
    expect(await within(run.exited, 180_000, 'the drain')).toEqual({ code: 0, signal: null });
    expect(run.output()).toContain('worker: drained');
    const done = await getBook(handle.db, first.bookId);
    expect({ status: done.status, pages_done: done.pages_done }).toEqual({ status: 'DONE', pages_done: 24 });
    expect(await getJob(handle.db, first.jobId)).toMatchObject({ state: 'done', attempts: 1 });
    // The job queued during the drain was left for another worker.
    expect(await getJob(handle.db, second.jobId)).toMatchObject({ state: 'queued', attempts: 0, worker: null });
    await handle.db.deleteFrom('jobs').where('id', '=', second.jobId).execute();
  }, 240_000);

  it('puts the running job back in the queue once the drain time is over, and exits 0', async () => {
    const run = await startWorker({ QUIRE_WORKER_DRAIN_SECONDS: '1' });
    const long = await book(160);
    await converting(run, long.bookId, 2);
    const sent = Date.now();
    run.child.kill('SIGTERM');
    expect(await within(run.exited, 30_000, 'the drain')).toEqual({ code: 0, signal: null });
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1000);
    expect(run.output()).toContain('running jobs put back in the queue');
    expect(await getJob(handle.db, long.jobId)).toMatchObject({ state: 'queued', attempts: 0, worker: null, lease_until: null });
    expect((await getBook(handle.db, long.bookId)).pages_done).toBeLessThan(160);
    await handle.db.deleteFrom('jobs').where('id', '=', long.jobId).execute();
  }, 240_000);

  it('stops at once on a second SIGTERM (or SIGINT), the running job back in the queue', async () => {
    for (const second of ['SIGTERM', 'SIGINT'] as const) {
      const run = await startWorker({ QUIRE_WORKER_DRAIN_SECONDS: '600' });
      const long = await book(160);
      await converting(run, long.bookId, 2);
      run.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(run.child.exitCode).toBeNull();
      const cut = Date.now();
      run.child.kill(second);
      expect(await within(run.exited, 20_000, `stopping on ${second}`)).toEqual({ code: 0, signal: null });
      expect(Date.now() - cut).toBeLessThan(10_000);
      expect(run.output()).toContain(`"signal":"${second}"`);
      expect(await getJob(handle.db, long.jobId)).toMatchObject({ state: 'queued', attempts: 0, worker: null });
      await handle.db.deleteFrom('jobs').where('id', '=', long.jobId).execute();
    }
  }, 240_000);
});
