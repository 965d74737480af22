import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createFileStore, type FileStore } from '../../src/server/storage/index';
import { bookKeys } from '../../src/server/storage/paths';
// @ts-expect-error — plain JS module without types
import { serverBundleOptions } from '../../src/tools/server-bundle.mjs';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { ENCODER_ENTRY, NODE, ROOT } from './bundle-support';
import { getBook, waitFor, waitForOutcome } from './fixtures/books';
import { makePdf } from './fixtures/pdf';
import { createS3Bucket, tempDir } from './helpers';
import { partFiles, upload } from './publish-support';

/**
 * The store (issue 19) across machines, on PostgreSQL and an S3 bucket: an app that converts nothing
 * (QUIRE_CONVERT_CONCURRENCY=0) receives an upload; a worker process (the real worker entry, bundled as
 * the build does) with its own empty data folder converts it from the bucket; the bucket then holds
 * exactly the book's files, which a third process with yet another empty folder reads; the worker keeps
 * no copy; deleting the book empties the bucket of it. An upload the store refuses creates nothing.
 */
const PAGES = 3;

describe('conversion through the S3 store by a worker on another data folder', () => {
  // Filled before the app starts (useAccountsApp reads `env` in its own beforeAll, registered after this one).
  const env: Record<string, string> = { QUIRE_CONVERT_CONCURRENCY: '0' };
  const outdir = path.join(ROOT, 'node_modules/.cache/quire-tests', `store-worker-${process.pid}`);
  const bundle = path.join(outdir, 'worker.js');
  const folders: string[] = [];
  const stores: FileStore[] = [];
  let worker: ChildProcess | undefined;
  let workerDir = '';
  let workerLog = '';

  beforeAll(async () => {
    Object.assign(env, await createS3Bucket());
    await build({
      ...serverBundleOptions({ configPath: path.join(ROOT, 'locales/lingui.config.ts') }),
      absWorkingDir: ROOT,
      entryPoints: { worker: 'src/server/jobs/worker-main.ts', ...ENCODER_ENTRY },
      outdir,
      logLevel: 'warning',
    });
  }, 120_000);
  const ctx = useAccountsApp('postgres', { env });

  afterAll(async () => {
    if (worker?.exitCode === null) {
      const exited = new Promise((resolve) => worker?.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    for (const store of stores) store.close();
    await rm(outdir, { recursive: true, force: true });
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  /** Another process's store: same bucket, its own empty data folder. */
  const otherStore = async () => {
    const dir = await tempDir('quire-store-elsewhere-');
    folders.push(dir);
    const store = await createFileStore(loadConfig({ ...env, QUIRE_DATA_DIR: dir }));
    stores.push(store);
    return store;
  };

  const startWorker = async () => {
    workerDir = await tempDir('quire-worker-');
    folders.push(workerDir);
    const database = ctx.config.database;
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    worker = spawn(NODE, [bundle], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        ...env,
        QUIRE_DATA_DIR: workerDir,
        QUIRE_DATABASE_URL: database.url,
        QUIRE_CONVERT_CONCURRENCY: '1',
        QUIRE_ACCOUNT_JOBS: '0',
        QUIRE_WORKER_POLL_MS: '50',
        QUIRE_LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let ready = false;
    worker.stderr?.on('data', (chunk) => (workerLog += chunk));
    worker.stdout?.on('data', (chunk) => (ready ||= String(chunk).includes('ready')));
    await waitFor(async () => (worker?.exitCode === null ? ready || undefined : true), 30_000, 'the worker');
  };

  it('the worker converts from the bucket; the bucket holds exactly the book; another process reads it; delete empties it', async () => {
    const user = await signedIn(ctx, 'stored');
    const res = await upload(ctx.app, user.token, { name: 'Stored.pdf', data: makePdf({ pages: PAGES, word: 'Bucket' }) });
    expect(res.json().status).toBe('ok');
    const bookId: string = res.json().content.id;
    const keys = bookKeys(bookId);
    const store = ctx.app.storage;
    expect(store.kind).toBe('s3');
    // The source is in the bucket before any worker exists: the app converts nothing itself.
    expect(await store.list(keys.dir)).toEqual([{ key: keys.source, size: expect.any(Number), modifiedMs: expect.any(Number) }]);
    expect((await getBook(ctx.app.db, bookId)).status).toBe('QUEUED');
    // As if an earlier attempt (a worker elsewhere) had stored outputs: the conversion removes them first.
    const earlier = await otherStore();
    await earlier.write(`${keys.pages}/1240/99.jpg`, 'stale');
    await earlier.write(`${keys.thumbs}/old.webp`, 'stale');
    await earlier.write(keys.manifest, '{"stale":true}');
    await earlier.write(`${keys.dir}/sizes.json`, '{"stale":true}');

    await startWorker();
    const book = await waitForOutcome(ctx.app.db, bookId, 120_000);
    expect({ status: book.status, pages_done: book.pages_done }, workerLog).toEqual({ status: 'DONE', pages_done: PAGES });

    const pages = Array.from({ length: PAGES }, (_, i) => i + 1);
    const expected = [
      keys.source,
      keys.pdf,
      keys.manifest,
      // The page sizes the reader of a book being converted lays out from (progressive reading).
      `${keys.dir}/sizes.json`,
      ...pages.map((n) => `${keys.pages}/1240/${n}.jpg`),
      ...['large', 'medium', 'small'].map((size) => `${keys.thumbs}/${size}.webp`),
      ...pages.map((n) => `${keys.text}/${n}.txt`),
      ...pages.map((n) => `${keys.words}/${n}.json`),
    ].sort();
    const listed = await store.list(keys.dir);
    expect(listed.map((item) => item.key).sort()).toEqual(expected);
    expect(listed.every((item) => item.size > 0 || item.key.startsWith(keys.text))).toBe(true);

    // The worker keeps no copy (it serves nothing); the app never had the outputs in its folder.
    expect(existsSync(path.join(workerDir, 'files', 'books', bookId))).toBe(false);
    expect(existsSync(store.pathOf(keys.manifest))).toBe(false);
    expect(existsSync(store.pathOf(`${keys.pages}/1240/1.jpg`))).toBe(false);

    // A third process with an empty folder reads the manifest and page 1 from the bucket.
    const elsewhere = await otherStore();
    const manifest = JSON.parse((await elsewhere.read(keys.manifest))?.toString('utf8') ?? '{}');
    expect(manifest).toMatchObject({ version: 1, pages: PAGES });
    expect(JSON.parse((await elsewhere.read(`${keys.dir}/sizes.json`))?.toString('utf8') ?? '{}')).toMatchObject({ pages: PAGES });
    const page1 = await elsewhere.fetch(`${keys.pages}/1240/1.jpg`);
    expect(page1).toBe(elsewhere.pathOf(`${keys.pages}/1240/1.jpg`));
    const jpeg = await elsewhere.read(`${keys.pages}/1240/1.jpg`);
    expect([...(jpeg ?? Buffer.alloc(0)).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await elsewhere.read(`${keys.text}/1.txt`))?.toString('utf8')).toContain('Bucket');

    // Deleting the book removes it from the bucket.
    const deleted = await call(ctx.app, '/account/book/delete', { id: bookId }, { token: user.token });
    expect(deleted.json().status).toBe('ok');
    expect(await store.list(keys.dir)).toEqual([]);
    expect(await elsewhere.read(keys.manifest)).toBeUndefined();
  }, 240_000);

  it('an upload the store refuses: a 503 envelope, no book, no job, no part file, nothing stored', async () => {
    const user = await signedIn(ctx, 'refused');
    const store = ctx.app.storage;
    const count = async (table: 'books' | 'jobs') =>
      Number(
        (
          await ctx.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { books: await count('books'), jobs: await count('jobs'), stored: (await store.list('books')).length };
    const put = store.put;
    store.put = async () => {
      throw new Error('the bucket is down');
    };
    try {
      const res = await upload(ctx.app, user.token, { name: 'Refused.pdf', data: makePdf({ pages: 1 }) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', content: { type: 'SERVER', code: 503 } });
    } finally {
      store.put = put;
    }
    expect({ books: await count('books'), jobs: await count('jobs'), stored: (await store.list('books')).length }).toEqual(before);
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);
  });
});
