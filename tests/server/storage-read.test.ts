import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { filesDir } from '../../src/server/storage/paths';
import { createS3Store } from '../../src/server/storage/s3';
import { STORE_TIMEOUT_MS } from '../../src/server/storage/serve';
import type { FileStore } from '../../src/server/storage/store';
import { S3_TEST_CREDENTIALS } from '../../src/tools/s3/server.mjs';
import { type AccountsCtx, call, signedIn, useAccountsApp } from './accounts-support';
import { waitForOutcome } from './fixtures/books';
import { makePdf } from './fixtures/pdf';
import { createS3Bucket, DIALECTS, testConfig } from './helpers';
import { upload } from './publish-support';
import { makeBook, pagesTokenOf } from './reader-support';

/**
 * Reading through the file store (issue 19): a book published and converted by instance A is served
 * by instances with their own EMPTY data folders on the same database and bucket — B by proxy, C by
 * redirect to signed URLs — and an instance whose store fails answers 503 with Retry-After. Both
 * dialects keep the files in a bucket of the run's s3rver here (SQLite: instances share A's database file).
 */

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const WORD = 'Quokkaland';

describe.each(DIALECTS)('reading through the file store on %s', (dialect) => {
  let a: AccountsCtx;
  const others: Array<{
    app: FastifyInstance;
    config: Config;
    storage?: FileStore;
  }> = [];
  let b: FastifyInstance;
  let c: FastifyInstance;
  let broken: FastifyInstance;
  let owner = '';
  let bookId = '';

  /** An app on A's database and bucket with a data folder of its own (empty). */
  async function instance(env: Record<string, string>, store?: (root: string) => FileStore): Promise<FastifyInstance> {
    const own = await testConfig(dialect, {
      ...bucket,
      QUIRE_CONVERT_CONCURRENCY: '0',
      ...env,
    });
    const config: Config = { ...own, database: a.config.database };
    const storage = store?.(filesDir(config.dataDir));
    const app = await buildApp(config, storage ? { storage } : {});
    await app.ready();
    others.push({ app, config, storage });
    return app;
  }
  let bucket: Record<string, string> = {};

  beforeAll(async () => {
    bucket = await createS3Bucket();
    const config = await testConfig(dialect, {
      ...bucket,
      QUIRE_DEV: '1',
      QUIRE_CONVERT_CONCURRENCY: '1',
    });
    const app = await buildApp(config);
    await app.ready();
    a = { app, config, verifyCount: () => 0, advance: () => undefined };
    const user = await signedIn(a, 'storage-reader');
    owner = user.token;
    const res = await upload(app, owner, {
      name: 'store.pdf',
      data: makePdf({ pages: 3, lines: 4, word: WORD }),
    });
    expect(res.json().status).toBe('ok');
    bookId = res.json().content.id;
    app.jobs.wake();
    const done = await waitForOutcome(app.db, bookId);
    expect(done.status).toBe('DONE');
    // What the conversion made, in the bucket (the write side stores it too; storing again is harmless).
    await app.storage.putTree(`books/${bookId}`);

    b = await instance({ QUIRE_STORAGE_SERVE: 'proxy' });
    c = await instance({
      QUIRE_STORAGE_SERVE: 'redirect',
      QUIRE_STORAGE_URL_TTL: '120',
    });
    // A store that cannot be reached: a closed port, and a cache folder of its own.
    const port = await closedPort();
    const failing = (root: string) =>
      createS3Store(
        root,
        {
          url: `http://127.0.0.1:${port}`,
          bucket: bucket.QUIRE_S3_BUCKET as string,
          region: 'us-east-1',
          credentials: { ...S3_TEST_CREDENTIALS },
          prefix: '',
          pathStyle: true,
        },
        { cacheBytes: 1 << 30, urlTtlSeconds: 60 },
      );
    broken = await instance({}, failing);
  }, 180_000);

  afterAll(async () => {
    for (const other of others) {
      await other.app.close();
      other.storage?.close();
      await rm(other.config.dataDir, { recursive: true, force: true });
    }
    await a?.app.close();
    if (a?.config) await rm(a.config.dataDir, { recursive: true, force: true });
  });

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const local = (key: string) => readFile(a.app.storage.pathOf(key));

  it('B (empty data folder, proxy) serves page images and thumbnails from the bucket, then from its cache', async () => {
    expect(existsSync(b.storage.pathOf(`books/${bookId}/manifest.json`))).toBe(false);
    const key = `books/${bookId}/pages/1240/1.jpg`;
    const first = await get(b, `/pages/${bookId}/1240/1.jpg?r=1`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();
    expect(first.rawPayload.equals(await local(key))).toBe(true);
    // Kept in B's cache: the next request is local.
    expect(existsSync(b.storage.pathOf(key))).toBe(true);
    const again = await get(b, `/pages/${bookId}/1240/1.jpg?r=1`, {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const thumb = await get(b, `/thumbs/${bookId}/large.webp?r=1`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.equals(await local(`books/${bookId}/thumbs/large.webp`))).toBe(true);

    // The strip's WebP is made on B from the JPEG it fetched, and stored for the others.
    const strip = await get(b, `/pages/${bookId}/240/2.webp?r=1`);
    expect(strip.statusCode).toBe(200);
    expect(strip.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await a.app.storage.stat(`books/${bookId}/pages/240/2.webp`)).toBeDefined();
  });

  it('B answers the book, its text, its search (with highlights), its overview and its download from the bucket', async () => {
    const book = await call(b, `/public/book/get?id=${bookId}`);
    expect(book.json().status).toBe('ok');
    expect(book.json().content.pages).toHaveLength(3);

    const text = await call(b, `/public/book/text?id=${bookId}&page=2`);
    expect(text.json().content.text).toBe((await local(`books/${bookId}/text/2.txt`)).toString('utf8'));
    expect(text.json().content.text).toContain(WORD);

    const search = await call(b, `/public/book/search?id=${bookId}&q=${WORD.toLowerCase()}`);
    const hits = search.json().content as Array<{
      page: number;
      rects?: unknown[];
    }>;
    expect(hits.map((hit) => hit.page)).toEqual([1, 2, 3]);
    expect(hits[0]?.rects?.length).toBeGreaterThan(0);

    const overview = await get(b, `/publication/${bookId}`);
    expect(overview.statusCode).toBe(200);
    expect(overview.body).toContain(WORD);

    const pdf = await local(`books/${bookId}/document.pdf`);
    const download = await call(b, `/public/book/download?id=${bookId}`, undefined, { token: owner });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(download.headers['accept-ranges']).toBe('bytes');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // Not kept in B's cache (a download is read once), and served in ranges.
    expect(existsSync(b.storage.pathOf(`books/${bookId}/document.pdf`))).toBe(false);
    const part = await call(b, `/public/book/download?id=${bookId}`, undefined, { token: owner, headers: { range: 'bytes=10-109' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(10, 110))).toBe(true);
    const beyond = await call(b, `/public/book/download?id=${bookId}`, undefined, {
      token: owner,
      headers: { range: `bytes=${pdf.length + 5}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('a zoom image rendered on B (from the fetched PDF) is found by A and by C', async () => {
    const key = `books/${bookId}/pages/2480/1.webp`;
    expect(await a.app.storage.list(`books/${bookId}/pages/2480`)).toEqual([]);
    const zoom = await get(b, `/pages/${bookId}/2480/1.webp?r=1`);
    expect(zoom.statusCode).toBe(200);
    expect(zoom.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // In the bucket, with the bytes B served.
    expect(await a.app.storage.list(`books/${bookId}/pages/2480`)).toEqual([
      { key, size: zoom.rawPayload.length, modifiedMs: expect.any(Number) },
    ]);
    expect(existsSync(a.app.storage.pathOf(key))).toBe(false);
    const fromA = await get(a.app, `/pages/${bookId}/2480/1.webp?r=1`);
    expect(fromA.statusCode).toBe(200);
    expect(fromA.rawPayload.equals(zoom.rawPayload)).toBe(true);
    // C redirects to it without the PDF ever coming to its folder.
    const fromC = await get(c, `/pages/${bookId}/2480/1.webp?r=1`);
    expect(fromC.statusCode).toBe(302);
    expect(existsSync(c.storage.pathOf(`books/${bookId}/document.pdf`))).toBe(false);
    const followed = await fetch(fromC.headers.location as string);
    expect(Buffer.from(await followed.arrayBuffer()).equals(zoom.rawPayload)).toBe(true);
  });

  it('C (redirect) answers short-lived signed URLs that serve the same bytes and headers', async () => {
    const res = await get(c, `/pages/${bookId}/1240/2.jpg?r=1`);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    const location = res.headers.location as string;
    expect(location.startsWith(bucket.QUIRE_S3_URL as string)).toBe(true);
    expect(location).toContain('X-Amz-Expires=120');
    const followed = await fetch(location);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('image/jpeg');
    expect(followed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await followed.arrayBuffer()).equals(await local(`books/${bookId}/pages/1240/2.jpg`))).toBe(true);
    // Nothing came into C's folder.
    expect(existsSync(c.storage.pathOf(`books/${bookId}/pages/1240/2.jpg`))).toBe(false);

    const thumb = await get(c, `/thumbs/${bookId}/small.webp?r=1`);
    expect(thumb.statusCode).toBe(302);
    const download = await call(c, `/public/book/download?id=${bookId}&disposition=inline`, undefined, { token: owner });
    expect(download.statusCode).toBe(302);
    const file = await fetch(download.headers.location as string);
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="/);
    expect(Buffer.from(await file.arrayBuffer()).equals(await local(`books/${bookId}/document.pdf`))).toBe(true);
    // The pages' CSP lets the browser load the bucket's images.
    const page = await get(c, `/read/${bookId}`);
    expect(page.headers['content-security-policy']).toContain(new URL(bucket.QUIRE_S3_URL as string).origin);
  });

  it('a missing object is the route’s 404, on every instance', async () => {
    await a.app.storage.remove(`books/${bookId}/pages/1240/3.jpg`);
    for (const app of [a.app, b, c]) {
      const res = await get(app, `/pages/${bookId}/1240/3.jpg?r=1`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe('Not Found');
    }
    expect((await get(c, `/thumbs/${bookId}/nosuch.webp`)).statusCode).toBe(404);
  });

  it('a failing store answers 503 with Retry-After: plain text for files, the envelope in the API', async () => {
    const started = Date.now();
    const image = await get(broken, `/pages/${bookId}/1240/1.jpg?r=1`);
    expect(image.statusCode).toBe(503);
    expect(image.headers['retry-after']).toBe('5');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.body).toBe('Service Unavailable');
    const thumb = await get(broken, `/thumbs/${bookId}/large.webp?r=1`);
    expect(thumb.statusCode).toBe(503);
    const book = await call(broken, `/public/book/get?id=${bookId}`);
    expect(book.statusCode).toBe(503);
    expect(book.headers['retry-after']).toBe('5');
    expect(book.json()).toMatchObject({
      status: 'error',
      content: { type: 'SERVER', code: 503 },
    });
    expect(book.body).not.toContain('ECONNREFUSED');
    const download = await call(broken, `/public/book/download?id=${bookId}`, undefined, { token: owner });
    expect(download.statusCode).toBe(503);
    expect(download.json().content).toEqual({ type: 'SERVER', code: 503 });
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it.runIf(dialect === 'sqlite')(
    'a store that accepts and never answers: 503 within the deadline, never a hang',
    async () => {
      // A "store" that takes connections and says nothing.
      const sockets = new Set<import('node:net').Socket>();
      const silent = createServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      try {
        const hanging = await instance({}, (root) =>
          createS3Store(
            root,
            {
              url: `http://127.0.0.1:${port}`,
              bucket: bucket.QUIRE_S3_BUCKET as string,
              region: 'us-east-1',
              credentials: { ...S3_TEST_CREDENTIALS },
              prefix: '',
              pathStyle: true,
            },
            { cacheBytes: 1 << 30, urlTtlSeconds: 60 },
          ),
        );
        const started = Date.now();
        const res = await get(hanging, `/pages/${bookId}/1240/1.jpg?r=1`);
        const took = Date.now() - started;
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(took).toBeGreaterThanOrEqual(STORE_TIMEOUT_MS - 100);
        expect(took).toBeLessThan(STORE_TIMEOUT_MS + 5000);
      } finally {
        for (const socket of sockets) socket.destroy();
        silent.close();
      }
    },
    30_000,
  );

  it('a private book’s page is refused before any redirect, and redirected with its pages token', async () => {
    await a.app.db.updateTable('books').set({ publishing_mode: 2 }).where('id', '=', bookId).execute();
    const refused: LightMyRequestResponse = await get(c, `/pages/${bookId}/1240/1.jpg?r=1`);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.location).toBeUndefined();
    const token = await pagesTokenOf(a.app, bookId);
    const allowed = await get(c, `/pages/${bookId}/1240/1.jpg?r=1&t=${token}`);
    expect(allowed.statusCode).toBe(302);
    expect(allowed.headers['cache-control']).toBe('private, max-age=60');
    const followed = await fetch(allowed.headers.location as string);
    // A private book's image: the browser may keep it, shared caches may not.
    expect(followed.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await get(b, `/pages/${bookId}/1240/1.jpg?r=1`)).statusCode).toBe(404);
  });
});

/** The local store (the default) answers through the same code: validators, 304, ranges, the same 404. */
describe('reading through the local store', () => {
  const ctx = useAccountsApp('sqlite', { env: { QUIRE_CONVERT_CONCURRENCY: '0' } });
  let token = '';
  let bookId = '';
  beforeAll(async () => {
    const user = await signedIn(ctx, 'local-reader');
    token = user.token;
    bookId = await makeBook(ctx.app, user.content.account.id, { pages: 2 });
  });

  it('serves page images with ETag and Last-Modified, and 304 when the copy is current', async () => {
    expect(ctx.app.storage.kind).toBe('local');
    const url = `/pages/${bookId}/1240/1.jpg?r=1`;
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(await readFile(ctx.app.storage.pathOf(`books/${bookId}/pages/1240/1.jpg`)))).toBe(true);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const since = first.headers['last-modified'] as string;
    expect((await ctx.app.inject({ method: 'GET', url, headers: { 'if-modified-since': since } })).statusCode).toBe(304);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('serves the download in ranges (If-Range of another version: the whole file)', async () => {
    const pdf = await readFile(ctx.app.storage.pathOf(`books/${bookId}/document.pdf`));
    const part = await call(ctx.app, `/public/book/download?id=${bookId}`, undefined, { token, headers: { range: 'bytes=-50' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${pdf.length - 50}-${pdf.length - 1}/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(pdf.length - 50))).toBe(true);
    const stale = await call(ctx.app, `/public/book/download?id=${bookId}`, undefined, {
      token,
      headers: { range: 'bytes=0-9', 'if-range': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(pdf)).toBe(true);
  });

  it('a missing file is the same 404 as before', async () => {
    await rm(ctx.app.storage.pathOf(`books/${bookId}/pages/1240/2.jpg`));
    const res = await ctx.app.inject({ method: 'GET', url: `/pages/${bookId}/1240/2.jpg?r=1` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });
});
