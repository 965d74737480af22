import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config';
import { checkWritable, fileInfo, localPath, openLocal, readLocal, streamAtomic, walkFiles, writeAtomic } from './local-files';
import { checkKey, contentTypeOf, type FileStore, keyInside, type ListedFile, type PutOptions, type StoredInfo } from './store';

type S3Settings = NonNullable<StorageConfig['s3']>;

/** Parts of a multipart upload (the SDK's minimum is 5 MiB) and how many go at once. */
const PART_SIZE = 8 * 1024 * 1024;
const PART_QUEUE = 4;
/** Files uploaded or downloaded at once by putTree / fetchTree. */
const TREE_CONCURRENCY = 8;
/** A cached file used this recently is never evicted (a caller may be about to open the path it got). */
const EVICT_GRACE_MS = 60_000;

/** A missing object (not a missing bucket: that is a store failure, never "no such file"). */
const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/** A store that does not connect or stops sending fails instead of hanging a request (ms). */
const CONNECT_TIMEOUT_MS = 5_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * The S3-compatible store (./store.ts): the bucket holds the files; `root` (the data folder's `files/`)
 * is this process's cache, kept under `cacheBytes` by evicting the least recently used files that are
 * in the bucket (a file written locally and not yet put is never evicted). Checksums are sent only when
 * an operation requires them, which every S3-compatible server accepts.
 */
export function createS3Store(
  root: string,
  settings: S3Settings,
  options: { cacheBytes: number; urlTtlSeconds: number; evictGraceMs?: number },
): FileStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.url ? { endpoint: settings.url } : {}),
    forcePathStyle: settings.pathStyle,
    ...(settings.credentials ? { credentials: { ...settings.credentials } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: SOCKET_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${settings.prefix}${checkKey(key)}`;
  const pathOf = (key: string) => localPath(root, key);
  const keyOf = (file: string) => keyInside(root, file);

  // The cache's stored files: key → size and last use (insertion order = least recently used first).
  const cached = new Map<string, { size: number; usedAt: number }>();
  let cachedBytes = 0;
  const track = (key: string, size: number) => {
    const before = cached.get(key);
    if (before) {
      cachedBytes -= before.size;
      cached.delete(key);
    }
    cached.set(key, { size, usedAt: Date.now() });
    cachedBytes += size;
    if (cachedBytes > options.cacheBytes) void evict();
  };
  // A local file the cache does not know may not be in the bucket yet (the converter's work): only known ones are touched.
  const touch = (key: string) => {
    const entry = cached.get(key);
    if (entry) track(key, entry.size);
  };
  const untrack = (key: string) => {
    const before = cached.get(key);
    if (before) {
      cachedBytes -= before.size;
      cached.delete(key);
    }
  };
  let evicting = false;
  async function evict(): Promise<void> {
    if (evicting) return;
    evicting = true;
    try {
      const now = Date.now();
      for (const [key, entry] of [...cached]) {
        if (cachedBytes <= options.cacheBytes) break;
        if (now - entry.usedAt < (options.evictGraceMs ?? EVICT_GRACE_MS)) continue;
        untrack(key);
        // Only a copy of what the bucket has leaves (what an earlier run left may never have been stored).
        const stored = await head(key).catch(() => undefined);
        if (stored) await rm(pathOf(key), { force: true }).catch(() => undefined);
      }
    } finally {
      evicting = false;
    }
  }

  async function put(key: string, put: PutOptions = {}): Promise<void> {
    const file = pathOf(key);
    const size = (await stat(file)).size;
    const upload = new Upload({
      client,
      params: {
        Bucket,
        Key: objectKey(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: put.contentType ?? contentTypeOf(key),
        ...(put.cacheControl ? { CacheControl: put.cacheControl } : {}),
      },
      partSize: PART_SIZE,
      queueSize: PART_QUEUE,
      leavePartsOnError: false,
    });
    await upload.done();
    track(key, size);
  }

  async function head(key: string): Promise<StoredInfo | undefined> {
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { size: out.ContentLength ?? 0, modifiedMs: out.LastModified?.getTime() ?? 0, etag: out.ETag ?? '""' };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  // One download per key at a time: concurrent fetches of a missing file share it.
  const downloads = new Map<string, Promise<string | undefined>>();
  async function download(key: string): Promise<string | undefined> {
    const file = pathOf(key);
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      const size = await streamAtomic(file, out.Body as Readable);
      track(key, size);
      return file;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }
  async function fetchKey(key: string): Promise<string | undefined> {
    const file = pathOf(key);
    const local = await fileInfo(file);
    if (local) {
      touch(key);
      return file;
    }
    const running = downloads.get(key);
    if (running) return running;
    const started = download(key).finally(() => downloads.delete(key));
    downloads.set(key, started);
    return started;
  }

  async function list(prefix: string): Promise<ListedFile[]> {
    const out: ListedFile[] = [];
    const Prefix = `${objectKey(prefix)}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      for (const item of page.Contents ?? []) {
        // A server that sends no LastModified (all known ones do): the file counts as new, never as old.
        if (item.Key)
          out.push({
            key: item.Key.slice(settings.prefix.length),
            size: item.Size ?? 0,
            modifiedMs: item.LastModified?.getTime() ?? Date.now(),
          });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out;
  }

  async function folders(prefix: string): Promise<string[]> {
    const out: string[] = [];
    const Prefix = `${objectKey(prefix)}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, Delimiter: '/', ContinuationToken }));
      for (const item of page.CommonPrefixes ?? []) {
        const name = item.Prefix?.slice(Prefix.length).replace(/\/$/, '');
        if (name) out.push(name);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out.sort();
  }

  // What an earlier run left in the cache counts towards its size (oldest first); uploads being received are not the cache's.
  void walkFiles(root)
    .then(async (files) => {
      const found: Array<{ key: string; size: number; usedAt: number }> = [];
      for (const file of files) {
        const key = keyInside(root, file);
        if (key.startsWith('uploads/') || cached.has(key)) continue;
        const info = await fileInfo(file);
        if (info) found.push({ key, size: info.size, usedAt: info.modifiedMs });
      }
      found.sort((a, b) => a.usedAt - b.usedAt);
      const fresh = [...cached];
      cached.clear();
      cachedBytes = 0;
      for (const item of found) {
        cached.set(item.key, { size: item.size, usedAt: item.usedAt });
        cachedBytes += item.size;
      }
      for (const [key, entry] of fresh) track(key, entry.size);
      if (cachedBytes > options.cacheBytes) await evict();
    })
    .catch(() => undefined);

  const forgetLocal = async (key: string) => {
    const base = checkKey(key);
    for (const cachedKey of [...cached.keys()]) if (cachedKey === base || cachedKey.startsWith(`${base}/`)) untrack(cachedKey);
    await rm(pathOf(key), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };

  return {
    kind: 's3',
    root,
    pathOf,
    keyOf,
    fetch: fetchKey,
    async fetchTree(prefix) {
      const items = await list(prefix);
      await eachLimited(items, TREE_CONCURRENCY, async ({ key }) => {
        await fetchKey(key);
      });
      return items.length;
    },
    put,
    folders,
    async putTree(prefix) {
      const files = await walkFiles(pathOf(prefix));
      await eachLimited(files, TREE_CONCURRENCY, (file) => put(keyOf(file)));
      return files.length;
    },
    async write(key, data, options) {
      await writeAtomic(pathOf(key), data);
      await put(key, options);
    },
    async writeStream(key, body, options) {
      const size = await streamAtomic(pathOf(key), body);
      await put(key, options);
      return size;
    },
    async read(key) {
      const local = await readLocal(pathOf(key));
      if (local) return local;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return Buffer.from(await (out.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async open(key, range) {
      const local = await openLocal(pathOf(key), range);
      if (local) {
        touch(key);
        return local;
      }
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
        return {
          stream: out.Body as Readable,
          info: {
            size: total ? Number(total) : (out.ContentLength ?? 0),
            modifiedMs: out.LastModified?.getTime() ?? 0,
            etag: out.ETag ?? '""',
          },
        };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async stat(key) {
      return (await fileInfo(pathOf(key))) ?? head(key);
    },
    list,
    async remove(key) {
      await forgetLocal(key);
      const keys = [objectKey(key), ...(await list(key)).map((item) => objectKey(item.key))];
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        const out = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        if (out.Errors && out.Errors.length > 0) {
          throw new Error(
            `storage: ${out.Errors.length} objects were not deleted (${out.Errors[0]?.Code ?? '?'} ${out.Errors[0]?.Key ?? ''})`,
          );
        }
      }
    },
    dropLocal: forgetLocal,
    async signedUrl(key, signed = {}) {
      const command = new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ResponseContentType: signed.contentType ?? contentTypeOf(key),
        ...(signed.cacheControl ? { ResponseCacheControl: signed.cacheControl } : {}),
        ...(signed.contentDisposition ? { ResponseContentDisposition: signed.contentDisposition } : {}),
      });
      return getSignedUrl(client, command, { expiresIn: signed.expiresInSeconds ?? options.urlTtlSeconds });
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
      await checkWritable(root);
    },
    close() {
      client.destroy();
    },
  };
}
