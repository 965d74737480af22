import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The file store (issue 19, DESIGN §1): where uploads, page images, thumbnails, text, manifests, library
 * images and avatars live. Two implementations with one behaviour:
 *
 * - `local` (default, ./local.ts): the data folder's `files/`; a key is a path under it.
 * - `s3` (./s3.ts): an S3-compatible bucket is the truth, `files/` is this process's cache of it, so the
 *   converter and the reader's tools (pdftoppm, qpdf) keep working on local files: `fetch` brings a key
 *   into the cache, `put`/`putTree` store what was written there, `remove` deletes both.
 *
 * A key is a relative POSIX path of safe segments (`books/<id>/pages/1240/3.jpg`): letters, digits,
 * `.`, `_`, `-`; no empty, `.` or `..` segment (checkKey). Keys are built by ./paths.ts from ids the
 * server made, never from a request unchecked.
 */
export type StoreKind = 'local' | 's3';

export interface StoredInfo {
  size: number;
  /** Last modification, ms since the epoch. */
  modifiedMs: number;
  /** An opaque validator that changes when the content does (an HTTP ETag, quoted). */
  etag: string;
}

/** One file of list(): its key, size and last modification (ms since the epoch; the bucket's LastModified on S3). */
export interface ListedFile {
  key: string;
  size: number;
  modifiedMs: number;
}

export interface OpenedFile {
  stream: Readable;
  info: StoredInfo;
  /** Set when the bytes come from a local file (the local store, or the S3 store's cache). */
  path?: string;
}

export interface PutOptions {
  /** Content-Type stored with the object (S3); default: by extension (contentTypeOf). */
  contentType?: string;
  /** Cache-Control stored with the object (S3), sent as is to whoever fetches it by a signed URL. */
  cacheControl?: string;
}

export interface SignedUrlOptions {
  /** Lifetime in seconds (default: the configured QUIRE_STORAGE_URL_TTL). */
  expiresInSeconds?: number;
  /** Response headers the store sets on the signed GET (S3 response-* overrides). */
  contentType?: string;
  cacheControl?: string;
  contentDisposition?: string;
}

export interface FileStore {
  readonly kind: StoreKind;
  /** The local folder of the key layout: the store itself (local) or its cache (s3). */
  readonly root: string;
  /** Where `key` is (or would be) in `root`. Throws on an unsafe key. */
  pathOf(key: string): string;
  /** The key of a path inside `root`. Throws for a path outside it. */
  keyOf(localPath: string): string;
  /**
   * Makes `key` a local file at pathOf(key) and answers that path; undefined when the store does not
   * have it. S3: downloads it into the cache when missing there (written to a temporary name, renamed).
   */
  fetch(key: string): Promise<string | undefined>;
  /** Every file under `prefix` made local (fetch of each); answers how many. */
  fetchTree(prefix: string): Promise<number>;
  /** Stores the local file pathOf(key), written by the caller. Local: nothing to do. S3: streamed upload (multipart when large). */
  put(key: string, options?: PutOptions): Promise<void>;
  /** put() of every local file under `prefix` (a book's folder after conversion); answers how many. */
  putTree(prefix: string): Promise<number>;
  /** Writes `data` at `key`: the local file (atomically: temporary name, rename), then put(). */
  write(key: string, data: Uint8Array | string, options?: PutOptions): Promise<void>;
  /** Streams `body` to `key` (never held whole): the local file, then put(). Answers the size in bytes. */
  writeStream(key: string, body: Readable, options?: PutOptions): Promise<number>;
  /** The bytes of `key` (small files: manifests, text); undefined when missing. */
  read(key: string): Promise<Buffer | undefined>;
  /**
   * A stream of `key` (a byte range when given, both ends included): from the local file when there is
   * one, else from the bucket without caching. Undefined when missing.
   */
  open(key: string, range?: { start: number; end: number }): Promise<OpenedFile | undefined>;
  stat(key: string): Promise<StoredInfo | undefined>;
  /** The keys (files, not folders) under `prefix`, with sizes and modification times, from the store (not the cache). */
  list(prefix: string): Promise<ListedFile[]>;
  /**
   * The names of the folders right under `prefix` (`folders('books')` → the book ids that have files),
   * from the store (not the cache), sorted; without listing the files inside them (S3: a delimited list).
   */
  folders(prefix: string): Promise<string[]>;
  /** Removes `key` and everything under `key/`, from the store and the cache. Missing is fine. */
  remove(key: string): Promise<void>;
  /** Forgets the cache's copy of `key` and everything under it (S3); the local store keeps its files. */
  dropLocal(key: string): Promise<void>;
  /** A short-lived URL the browser can GET `key` from directly (S3); undefined for the local store. */
  signedUrl(key: string, options?: SignedUrlOptions): Promise<string | undefined>;
  /** Readiness (/readyz): throws when the store cannot be reached or written. */
  check(): Promise<void>;
  close(): void;
}

const SEGMENT = /^[A-Za-z0-9._-]{1,200}$/;

/** Throws unless `key` is a safe relative key (see above); answers it. */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (key.length > 1024 || !parts.every((part) => SEGMENT.test(part) && part !== '.' && part !== '..')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** The key of `localPath` inside `root` (both absolute), or a thrown error when it is outside. */
export function keyInside(root: string, localPath: string): string {
  const relative = path.relative(root, path.resolve(localPath));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`path outside the file store: ${JSON.stringify(localPath)}`);
  }
  return checkKey(relative.split(path.sep).join('/'));
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.mp3': 'audio/mpeg',
};

/** A content type by the key's extension; application/octet-stream otherwise (an upload's `source`). */
export const contentTypeOf = (key: string): string => TYPES[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';
