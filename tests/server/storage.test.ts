import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createFileStore, type FileStore } from '../../src/server/storage/index';
import { filesDir } from '../../src/server/storage/paths';
import { createS3Store } from '../../src/server/storage/s3';
import { checkKey } from '../../src/server/storage/store';
import { createS3Bucket, tempDir } from './helpers';

/**
 * The file store's one behaviour (issue 19, src/server/storage/store.ts) on both implementations: the
 * data folder, and a real S3-compatible server (s3rver, started by global-setup) with the data folder as
 * its cache. Every case checks what the store holds, not only what a call answers.
 */
const KINDS = ['local', 's3'] as const;

async function storeOf(kind: (typeof KINDS)[number], extra: Record<string, string> = {}) {
  const dataDir = await tempDir('quire-store-');
  const env: Record<string, string> = { QUIRE_DATA_DIR: dataDir, ...extra };
  if (kind === 's3') Object.assign(env, await createS3Bucket());
  const config = loadConfig(env);
  return { store: await createFileStore(config), config, dataDir };
}

/** A second process's view of the same store: its own (empty) cache folder. */
async function otherProcess(env: Record<string, string | undefined>) {
  const dataDir = await tempDir('quire-store-other-');
  const config = loadConfig({ ...env, QUIRE_DATA_DIR: dataDir });
  return createFileStore(config);
}

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe.each(KINDS)('file store (%s)', (kind) => {
  let store: FileStore;
  let other: FileStore;
  let env: Record<string, string>;
  beforeAll(async () => {
    const made = await storeOf(kind);
    store = made.store;
    env = { QUIRE_DATA_DIR: made.dataDir };
    if (made.config.storage.s3) {
      const s3 = made.config.storage.s3;
      Object.assign(env, {
        QUIRE_S3_URL: s3.url ?? '',
        QUIRE_S3_BUCKET: s3.bucket,
        QUIRE_S3_ACCESS_KEY_ID: s3.credentials?.accessKeyId ?? '',
        QUIRE_S3_SECRET_ACCESS_KEY: s3.credentials?.secretAccessKey ?? '',
      });
    }
    // The local store is one folder: "another process" is the same folder (one machine).
    other = kind === 's3' ? await otherProcess(env) : store;
  });
  afterAll(() => {
    store.close();
    if (other !== store) other.close();
  });

  it('is of its kind and ready', async () => {
    expect(store.kind).toBe(kind);
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('writes, reads, stats and opens a file; another process sees it', async () => {
    await store.write('books/b1/manifest.json', '{"pages":3}');
    expect((await store.read('books/b1/manifest.json'))?.toString()).toBe('{"pages":3}');
    const info = await store.stat('books/b1/manifest.json');
    expect(info?.size).toBe(11);
    expect(info?.etag).toMatch(/^".+"$/);
    const opened = await other.open('books/b1/manifest.json');
    expect(opened && (await text(opened.stream))).toBe('{"pages":3}');
    expect(opened?.info.size).toBe(11);
    expect((await other.read('books/b1/manifest.json'))?.toString()).toBe('{"pages":3}');
  });

  it('answers undefined for what it does not have', async () => {
    expect(await store.read('books/none/manifest.json')).toBeUndefined();
    expect(await store.stat('books/none/manifest.json')).toBeUndefined();
    expect(await store.open('books/none/manifest.json')).toBeUndefined();
    expect(await store.fetch('books/none/manifest.json')).toBeUndefined();
    expect(await store.list('books/none')).toEqual([]);
    expect(await store.folders('books/none')).toEqual([]);
    await expect(store.remove('books/none')).resolves.toBeUndefined();
  });

  it('opens a byte range, both ends included, with the whole size', async () => {
    await store.write('books/b2/text/1.txt', 'abcdefghij');
    const part = await other.open('books/b2/text/1.txt', { start: 2, end: 5 });
    expect(part && (await text(part.stream))).toBe('cdef');
    expect(part?.info.size).toBe(10);
  });

  it('streams a large file in and out without changing a byte (multipart on S3)', async () => {
    const big = randomBytes(13 * 1024 * 1024);
    const chunks = Array.from({ length: 13 }, (_, i) => big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    const size = await store.writeStream('books/b3/source', Readable.from(chunks));
    expect(size).toBe(big.length);
    const local = await other.fetch('books/b3/source');
    expect(local).toBe(other.pathOf('books/b3/source'));
    expect(sha(await readFile(local as string))).toBe(sha(big));
    expect((await other.stat('books/b3/source'))?.size).toBe(big.length);
  });

  it('rejects a body that fails before it is read (an aborted export) and keeps nothing of it', async () => {
    const body = new Readable({ read() {} });
    // Fails at once, while the store is still making the folder.
    queueMicrotask(() => body.destroy(new Error('aborted')));
    await expect(store.writeStream('exports/a1/e1.zip', body)).rejects.toThrow('aborted');
    expect(await store.stat('exports/a1/e1.zip')).toBeUndefined();
    expect(await store.list('exports/a1')).toEqual([]);
  });

  it('stores a folder written locally (putTree), lists it, and brings it to another process (fetchTree)', async () => {
    const dir = store.pathOf('books/b4');
    await mkdir(path.join(dir, 'pages', '1240'), { recursive: true });
    await mkdir(path.join(dir, 'thumbs'), { recursive: true });
    await writeFile(path.join(dir, 'pages', '1240', '1.jpg'), 'page one');
    await writeFile(path.join(dir, 'pages', '1240', '2.jpg'), 'page two');
    await writeFile(path.join(dir, 'thumbs', 'small.webp'), 'thumb');
    // A temporary being written is not a file of the store.
    await writeFile(path.join(dir, 'pages', '1240', '3.jpg.abc.part'), 'half');
    expect(await store.putTree('books/b4')).toBe(3);
    const listed = (await other.list('books/b4')).map((item) => [item.key, item.size]).sort();
    expect(listed).toEqual([
      ['books/b4/pages/1240/1.jpg', 8],
      ['books/b4/pages/1240/2.jpg', 8],
      ['books/b4/thumbs/small.webp', 5],
    ]);
    expect(await other.fetchTree('books/b4')).toBe(3);
    expect(await readFile(other.pathOf('books/b4/pages/1240/2.jpg'), 'utf8')).toBe('page two');
  });

  it('lists files with their modification times, and the folders under a prefix without their files', async () => {
    const before = Date.now();
    await store.write('books/f1/source', 'one');
    await store.write('books/f1/pages/1240/1.jpg', 'page');
    await store.write('books/f1/text/1.txt', 'text');
    await store.write('books/f2/manifest.json', '{}');
    // Only in this process's folder (never stored): not the store's (s3); the store itself (local).
    await mkdir(store.pathOf('books/f3'), { recursive: true });
    await writeFile(store.pathOf('books/f3/source'), 'local only');
    const listed = await other.list('books/f1');
    expect(listed.map((item) => [item.key, item.size]).sort()).toEqual([
      ['books/f1/pages/1240/1.jpg', 4],
      ['books/f1/source', 3],
      ['books/f1/text/1.txt', 4],
    ]);
    for (const item of listed) {
      // S3 keeps whole seconds: a second of slack below, a minute above.
      expect(item.modifiedMs).toBeGreaterThanOrEqual(before - 1000);
      expect(item.modifiedMs).toBeLessThanOrEqual(Date.now() + 60_000);
      expect(Math.abs(item.modifiedMs - ((await other.stat(item.key))?.modifiedMs ?? 0))).toBeLessThan(1000);
    }
    const folders = await other.folders('books');
    expect(folders).toEqual([...folders].sort());
    expect(folders).toEqual(expect.arrayContaining(['f1', 'f2']));
    expect(folders.includes('f3')).toBe(kind === 'local');
    // s3rver's delimited list misses a folder whose files are all two levels down (`pages/1240/…`: its
    // walk prunes them; AWS S3 and MinIO answer it): only `text` is asked for on every store.
    expect(await other.folders('books/f1')).toEqual(kind === 'local' ? ['pages', 'text'] : expect.arrayContaining(['text']));
    expect(await other.folders('books/f1/source')).toEqual([]);
  });

  it('removes a folder from the store and every cache that asks again', async () => {
    await store.write('books/b5/pages/1240/1.jpg', 'x');
    await store.write('books/b5/manifest.json', '{}');
    await other.fetch('books/b5/manifest.json');
    await store.remove('books/b5');
    expect(await store.list('books/b5')).toEqual([]);
    expect(await store.stat('books/b5/manifest.json')).toBeUndefined();
    if (kind === 's3') {
      // The other process's cache still has its copy until it drops it; the bucket does not.
      await other.dropLocal('books/b5');
      expect(await other.fetch('books/b5/manifest.json')).toBeUndefined();
    }
  });

  it('brings back a file dropped from the cache (s3), keeps it (local)', async () => {
    await store.write('avatars/a1/1-small.webp', 'avatar');
    await store.dropLocal('avatars/a1');
    const file = await store.fetch('avatars/a1/1-small.webp');
    expect(file && (await readFile(file, 'utf8'))).toBe('avatar');
  });

  it('refuses unsafe keys', async () => {
    for (const key of ['../etc/passwd', 'books/../x', '/abs', 'books//x', 'books/./x', 'a\\b', 'books/x y', '']) {
      expect(() => checkKey(key), key).toThrow(/unsafe storage key/);
      expect(() => store.pathOf(key), key).toThrow();
      await expect(store.read(key), key).rejects.toThrow();
    }
    expect(() => store.keyOf('/etc/passwd')).toThrow(/outside the file store/);
    expect(store.keyOf(store.pathOf('books/b1/manifest.json'))).toBe('books/b1/manifest.json');
  });

  it('signs a short-lived URL the browser can fetch (s3) or has none (local)', async () => {
    await store.write('books/b6/thumbs/large.webp', 'large thumb');
    const url = await store.signedUrl('books/b6/thumbs/large.webp', { expiresInSeconds: 60, cacheControl: 'public, max-age=60' });
    if (kind === 'local') {
      expect(url).toBeUndefined();
      return;
    }
    const response = await fetch(url as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await response.text()).toBe('large thumb');
    const signed = new URL(url as string);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('S3 store: the cache stays within its size', () => {
  it('evicts the least recently used stored files, never one not yet stored, and fetches them back', async () => {
    const { config } = await storeOf('s3');
    const s3 = config.storage.s3;
    if (!s3) throw new Error('no bucket');
    // A 20-byte cache, and no grace: what is over the size goes at once.
    const store = createS3Store(filesDir(config.dataDir), s3, { cacheBytes: 20, urlTtlSeconds: 60, evictGraceMs: 0 });
    const evicted = async (key: string) => !(await stat(store.pathOf(key)).catch(() => undefined));
    const settle = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      return check();
    };
    try {
      // Written locally, not yet stored (the converter's work in progress): not the cache's to evict.
      await mkdir(store.pathOf('books/w1'), { recursive: true });
      await writeFile(store.pathOf('books/w1/document.pdf'), 'work in progress, longer than the cache');
      await store.write('books/c1/manifest.json', '0123456789');
      await store.write('books/c2/manifest.json', '0123456789');
      await store.write('books/c3/manifest.json', '0123456789');
      // 30 bytes stored for a 20-byte cache: the least recently used one leaves.
      expect(await settle(() => evicted('books/c1/manifest.json'))).toBe(true);
      expect(await evicted('books/c3/manifest.json')).toBe(false);
      expect(await readFile(store.pathOf('books/w1/document.pdf'), 'utf8')).toMatch(/^work in progress/);
      // Still in the bucket: fetched back on demand.
      const back = await store.fetch('books/c1/manifest.json');
      expect(back && (await readFile(back, 'utf8'))).toBe('0123456789');
    } finally {
      store.close();
    }
  });

  it('answers a clear error when the bucket is unreachable', async () => {
    const dataDir = await tempDir('quire-store-down-');
    const config = loadConfig({
      QUIRE_DATA_DIR: dataDir,
      QUIRE_S3_URL: 'http://127.0.0.1:9',
      QUIRE_S3_BUCKET: 'quire-nowhere',
      QUIRE_S3_ACCESS_KEY_ID: 'x',
      QUIRE_S3_SECRET_ACCESS_KEY: 'y',
    });
    const store = await createFileStore(config);
    try {
      await expect(store.check()).rejects.toThrow();
    } finally {
      store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
