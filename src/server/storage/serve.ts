import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ApiError } from '../envelope';
import type { FileStore, StoredInfo } from './store';

/**
 * Serving stored files over HTTP (issue 19): every route that answers with a file's bytes (page images,
 * thumbnails, library images, avatars, the PDF download, the data export) goes through `sendStored`,
 * so an instance with an empty data folder serves what another machine stored.
 *
 * - Local store, or `QUIRE_STORAGE_SERVE=proxy`: the app streams the file — from the local file (the
 *   local store, or the S3 store's cache), else from the bucket. Small files worth keeping (`cache`:
 *   page images, thumbnails, library images, avatars) are fetched into the cache first, so the next
 *   request is local; a download streams from the bucket as is. ETag / Last-Modified, 304 on
 *   If-None-Match (or If-Modified-Since), byte ranges when the route allows them (downloads).
 * - `redirect` with a bucket: 302 to a short-lived signed URL of the object (the route's content type,
 *   cache control and disposition as the bucket's response headers), the redirect itself kept briefly
 *   by the browser only. The route's authorization runs before, as always.
 *
 * Missing: the route's own not-found answer. Any store failure or a store that does not answer within
 * STORE_TIMEOUT_MS: `StoreUnavailable` (503 with Retry-After, the envelope under /api and plain text
 * elsewhere, plugins/errors.ts) — never a hang, never a stack.
 */

/** Longest wait for one store call of a request (the S3 client's own socket timeouts stop it too). */
export const STORE_TIMEOUT_MS = 10_000;
/** Retry-After of a 503 when the store failed. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** The store failed or did not answer: 503 with Retry-After (plugins/errors.ts). */
export class StoreUnavailable extends ApiError {
  readonly retryAfter = STORE_RETRY_AFTER_SECONDS;
  constructor(cause: unknown) {
    super('unavailable');
    this.cause = cause;
  }
}

/** Runs one store call with a deadline; any failure becomes StoreUnavailable. */
export async function stored<T>(work: Promise<T>, ms = STORE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`storage: no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    if (error instanceof StoreUnavailable) throw error;
    throw new StoreUnavailable(error);
  } finally {
    clearTimeout(timer);
    // A call that lost the race must not reject unhandled later.
    work.catch(() => undefined);
  }
}

/** Whether this app answers stored files by redirect to signed URLs (a bucket with QUIRE_STORAGE_SERVE=redirect). */
export const redirects = (app: Pick<FastifyInstance, 'config' | 'storage'>) =>
  app.storage.kind === 's3' && app.config.storage.serve === 'redirect';

/** How long a browser keeps a redirect to a signed URL: well inside the URL's lifetime, at most a minute. */
export const redirectMaxAge = (config: Pick<Config, 'storage'>) => Math.max(0, Math.min(60, Math.floor(config.storage.urlTtlSeconds / 2)));

/**
 * The origin browsers load redirected files from (the bucket's endpoint), for the policies' img-src;
 * none unless files are served by redirect.
 */
export function storageOrigins(config: Pick<Config, 'storage'>): string[] {
  const { s3, serve } = config.storage;
  if (!s3 || serve !== 'redirect') return [];
  if (!s3.url) return [s3.pathStyle ? `https://s3.${s3.region}.amazonaws.com` : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`];
  const url = new URL(s3.url);
  return [s3.pathStyle ? url.origin : `${url.protocol}//${s3.bucket}.${url.host}`];
}

export interface ServeOptions {
  contentType: string;
  cacheControl: string;
  /** Content-Disposition (downloads). */
  disposition?: string;
  /** Answer `Range: bytes=…` (downloads). */
  ranges?: boolean;
  /** Bring the file into the S3 store's cache before serving it (small files read again: images). Default true. */
  cache?: boolean;
  /** The route's answer for a missing file (each route keeps its own 404). */
  notFound: (reply: FastifyReply) => FastifyReply;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of a `size`-byte file; null: unsatisfiable; undefined: no (usable) range. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined; // several ranges or malformed: the whole file
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** Whether the client's copy is current (If-None-Match first, else If-Modified-Since). */
function fresh(request: FastifyRequest, info: StoredInfo): boolean {
  const match = request.headers['if-none-match'];
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  if (typeof match === 'string') return match.trim() === '*' || match.split(',').some((tag) => weak(tag) === weak(info.etag));
  const since = request.headers['if-modified-since'];
  if (typeof since !== 'string' || info.modifiedMs <= 0) return false;
  const time = Date.parse(since);
  return Number.isFinite(time) && Math.floor(info.modifiedMs / 1000) * 1000 <= time;
}

/** Answers the stored file `key` (see above) with the route's headers already set on `reply`. */
export async function sendStored(
  app: Pick<FastifyInstance, 'config' | 'storage'>,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  options: ServeOptions,
): Promise<FastifyReply> {
  const store: FileStore = app.storage;
  if (redirects(app)) {
    // A redirect to a missing object would show the bucket's own error: the app answers missing itself.
    if (!(await stored(store.stat(key)))) return options.notFound(reply);
    const url = await stored(
      store.signedUrl(key, {
        contentType: options.contentType,
        cacheControl: options.cacheControl,
        ...(options.disposition ? { contentDisposition: options.disposition } : {}),
      }),
    );
    if (url) {
      return reply
        .code(302)
        .header('location', url)
        .header('cache-control', `private, max-age=${redirectMaxAge(app.config)}`)
        .removeHeader('content-disposition')
        .send();
    }
  }
  if (options.cache !== false && store.kind === 's3' && !(await stored(store.fetch(key)))) return options.notFound(reply);
  const info = await stored(store.stat(key));
  if (!info) return options.notFound(reply);
  reply
    .header('cache-control', options.cacheControl)
    .header('etag', info.etag)
    .header('last-modified', new Date(info.modifiedMs).toUTCString());
  if (options.disposition) reply.header('content-disposition', options.disposition);
  if (options.ranges) reply.header('accept-ranges', 'bytes');
  if (fresh(request, info)) return reply.code(304).send();
  let range = options.ranges ? parseRange(request.headers.range, info.size) : undefined;
  // If-Range: a range of the current file only.
  const ifRange = request.headers['if-range'];
  if (range && typeof ifRange === 'string' && ifRange.trim() !== info.etag) range = undefined;
  if (range === null) {
    return reply.code(416).header('content-range', `bytes */${info.size}`).type('text/plain; charset=utf-8').send('Range Not Satisfiable');
  }
  const opened = await stored(store.open(key, range));
  if (!opened) return options.notFound(reply);
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${opened.info.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', opened.info.size);
  }
  return reply.type(options.contentType).send(opened.stream);
}
