import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { PAGE_WIDTH, pageJpeg } from '../../src/server/convert/index';
import { createDb, type DbHandle, migrateToLatest } from '../../src/server/db/index';
import { bookPaths } from '../../src/server/storage/paths';
// @ts-expect-error — plain JS module without types
import { serverBundleOptions } from '../../src/tools/server-bundle.mjs';
import { ENCODER_ENTRY } from './bundle-support';
import { getBook, getJob, insertAccount, insertBook, waitFor, waitForOutcome } from './fixtures/books';
import { makePdf } from './fixtures/pdf';
import { testConfig } from './helpers';

/**
 * The durability test: the conversion worker runs as a process of its own (the worker entry,
 * bundled here like the build does), is killed with SIGKILL in the middle of a conversion, and the
 * server started again on the same SQLite file and data folder takes the job over: the book reaches
 * DONE with every page.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES = 160;

let config: Config;
let handle: DbHandle;
let bundle: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  config = await testConfig('sqlite', { QUIRE_CONVERT_CONCURRENCY: '1' });
  handle = createDb(config);
  await migrateToLatest(handle.db);
  // Externals resolve from the bundle's folder: keep it inside the repository (node_modules/.cache).
  const outdir = path.join(ROOT, 'node_modules/.cache/quire-tests', `worker-${process.pid}`);
  bundle = path.join(outdir, 'worker.js');
  // As build.mjs bundles it (Lingui macros compiled: the worker also runs the privacy jobs, which mail).
  await build({
    ...serverBundleOptions({ configPath: path.join(ROOT, 'locales/lingui.config.ts') }),
    absWorkingDir: ROOT,
    entryPoints: { worker: 'src/server/jobs/worker-main.ts', ...ENCODER_ENTRY },
    outdir,
    logLevel: 'warning',
  });
});

afterAll(async () => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  await handle?.destroy();
  await rm(path.dirname(bundle), { recursive: true, force: true });
  if (config) await rm(config.dataDir, { recursive: true, force: true });
});

it('a worker killed with -9 mid-conversion: the restarted server finishes the book', async () => {
  const accountId = await insertAccount(handle.db);
  const source = path.join(config.dataDir, 'long.pdf');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(source, makePdf({ pages: PAGES, word: 'Durable' }));
  const { bookId, jobId: maybeJob } = await insertBook(handle.db, config.dataDir, accountId, { file: source, kind: 'pdf' });
  const jobId = maybeJob as string;

  let stderr = '';
  child = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', QUIRE_DATA_DIR: config.dataDir, QUIRE_CONVERT_CONCURRENCY: '1', QUIRE_WORKER_POLL_MS: '50' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child?.once('exit', resolve));

  // Mid-conversion: some pages are done, not all.
  const progress = await waitFor(
    async () => {
      if (child?.exitCode !== null) throw new Error(`the worker exited: ${stderr}`);
      const book = await getBook(handle.db, bookId);
      return book.pages_done >= 3 ? book : undefined;
    },
    60_000,
    'the worker to convert the first pages',
  );
  child.kill('SIGKILL');
  await exited;
  const killed = await getBook(handle.db, bookId);
  expect(progress.status).toBe('CONVERTING');
  expect(killed.status).toBe('CONVERTING');
  expect(killed.pages_done).toBeLessThan(PAGES);
  const orphaned = await getJob(handle.db, jobId);
  expect(orphaned.state).toBe('running');
  expect(orphaned.worker).toContain(`${os.hostname()}:${child.pid}:`);
  expect(orphaned.lease_until as number).toBeGreaterThan(Date.now()); // not expired: the restart must notice the dead worker

  // The server starts again on the same database file and data folder.
  const app = await buildApp(config);
  try {
    await app.ready();
    const book = await waitForOutcome(app.db, bookId, 120_000);
    expect({ status: book.status, pages_done: book.pages_done, pages_total: book.pages_total }).toEqual({
      status: 'DONE',
      pages_done: PAGES,
      pages_total: PAGES,
    });
    const job = await getJob(app.db, jobId);
    expect({ state: job.state, attempts: job.attempts }).toEqual({ state: 'done', attempts: 2 });
  } finally {
    await app.close();
  }

  const paths = bookPaths(config.dataDir, bookId);
  for (let n = 1; n <= PAGES; n++) {
    expect(existsSync(pageJpeg(paths.pages, PAGE_WIDTH, n))).toBe(true);
    expect(existsSync(path.join(paths.text, `${n}.txt`))).toBe(true);
  }
  // Only the pages themselves: nothing left over from the killed attempt.
  expect((await readdir(path.join(paths.pages, String(PAGE_WIDTH)))).filter((f) => !/^\d+\.jpg$/.test(f))).toEqual([]);
  expect((await readdir(paths.dir)).filter((f) => f.startsWith('tmp-'))).toEqual([]);
}, 240_000);
