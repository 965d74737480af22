import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { DocumentKind } from '../../contracts/books';
import { BOOK_NAME_MAX } from '../../contracts/books';
import { ApiError } from '../envelope';
import { ownerAlive, ownerName, parseOwner, SELF } from '../owner';
import type { FileStore } from '../storage/index';
import { bookKeys, uploadsDir } from '../storage/paths';
import { ContentSniffer, detectKind } from './detect';
import { PartFileWriter } from './part-file';

/**
 * Receives one document from a multipart body (field `file`, plus the book settings as other
 * fields) straight to `files/uploads/<random>.part`, never into memory. The account's size limit is
 * enforced while the bytes arrive; the kind is recognised from the content once the file is
 * complete. Whatever goes wrong — too large, refused content, a client that disconnects — the part
 * file is removed before the error propagates. The file is on disk (fsync) when this returns, and
 * stays a live part file of this process until `placeSource` moves it or `discardPart` removes it.
 */

export interface ReceivedUpload {
  partPath: string;
  /** The client's file name, without any folder part. */
  filename: string;
  size: number;
  /** null: the content is not a document Quire reads (the book ends in ERROR, UNSUPPORTED). */
  kind: DocumentKind | null;
  /** The other form fields, as text (validated by the route). */
  fields: Record<string, string>;
}

/** Room for the multipart framing and the settings fields around the file. */
export const FORM_OVERHEAD = 256 * 1024;
const MULTIPART_LIMITS = { fields: 64, fieldSize: 32 * 1024, fieldNameSize: 100, files: 1, parts: 80, headerPairs: 100 };

class TooLarge extends Error {}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * The last path segment of a client file name (some browsers send a full path), without control
 * characters (a NUL cannot be stored in a PostgreSQL text column), trimmed to the name limit.
 */
export function baseName(filename: string): string {
  const base = filename.replace(CONTROL_CHARACTERS, '').split(/[\\/]/).pop()?.trim() ?? '';
  return base.slice(0, BOOK_NAME_MAX);
}

/** The book name a file gets when none is posted: its name without the extension. */
export function defaultBookName(filename: string): string {
  const stem = filename.replace(/\.[^.]*$/, '').trim();
  return stem || filename || 'document';
}

/**
 * Whether a multipart/form-data content type carries a usable boundary (RFC 2046: 1 to 70
 * characters). The multipart parser throws plain errors for a missing or overlong one.
 */
export function hasValidBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary=(?:"([^"]*)"|([^\s;]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70;
}

export async function receiveUpload(request: FastifyRequest, options: { dataDir: string; limit: number }): Promise<ReceivedUpload> {
  return recogniseDocument(request, await receiveFile(request, options));
}

/**
 * What a received file is (receiveUpload's second half; the public API's publishing from a URL uses it
 * too): an unsafe file is refused (fileUnsafe) and removed, one Quire does not read comes back with
 * `kind` null and its bytes removed.
 */
export async function recogniseDocument(request: FastifyRequest, received: ReceivedFile): Promise<ReceivedUpload> {
  const { partPath, filename, sniffer, fields } = received;
  try {
    const detection = await detectKind(partPath, sniffer, filename);
    if (!detection.ok && detection.reason === 'unsafe') {
      request.log.info({ detail: detection.detail }, 'upload refused');
      throw new ApiError('fileUnsafe');
    }
    if (!detection.ok) {
      // Not a document we can read (the name said it was): the book is created in ERROR with the
      // code UNSUPPORTED, so its owner sees what happened in the list; the bytes are not kept.
      request.log.info({ detail: detection.detail }, 'upload of an unsupported document');
      await discardPart(partPath);
      return { partPath, filename, size: sniffer.size, kind: null, fields };
    }
    return { partPath, filename, size: sniffer.size, kind: detection.kind, fields };
  } catch (error) {
    await discardPart(partPath);
    throw error;
  }
}

/** A file received by `receiveFile`: on disk, not yet recognised. */
export interface ReceivedFile {
  partPath: string;
  /** The client's file name, without any folder part. */
  filename: string;
  /** What passed: the size, the first bytes (`head`), whether it was text. */
  sniffer: ContentSniffer;
  /** The other form fields, as text (validated by the route). */
  fields: Record<string, string>;
}

/**
 * Receives the one file of a multipart body (field `file`) as `receiveUpload` does, without telling
 * what it is: the caller recognises it (documents: `receiveUpload`; avatars: profile/avatar.ts) and
 * owns the part file (`discardPart` when it is not kept).
 */
export async function receiveFile(
  request: FastifyRequest,
  options: {
    dataDir: string;
    limit: number /** Tighter part limits (a form with a file and few fields). */;
    parts?: Partial<typeof MULTIPART_LIMITS>;
  },
): Promise<ReceivedFile> {
  const { limit } = options;
  if (request.isMultipart() && !hasValidBoundary(request.headers['content-type'])) {
    throw new ApiError('badRequest', { message: 'multipart/form-data needs a boundary of 1 to 70 characters' });
  }
  // A declared body far beyond the limit is refused before a byte is read.
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit + FORM_OVERHEAD) throw new ApiError('fileTooLarge', { limit });

  const dir = uploadsDir(options.dataDir);
  await mkdir(dir, { recursive: true });
  const partPath = newPartPath(dir);
  const sniffer = new ContentSniffer();
  const fields: Record<string, string> = Object.create(null);
  let filename: string | undefined;
  try {
    // The parser stops at limit + 1 by itself; our own check below answers the moment we pass the limit.
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, ...options.parts, fileSize: limit + 1 } })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new ApiError('validation', { fields: [part.fieldname] });
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || filename !== undefined) {
        part.file.resume();
        throw new ApiError('badRequest', { message: 'one file, in the field "file"' });
      }
      filename = baseName(part.filename ?? '');
      await pipeline(
        part.file,
        new PartFileWriter(partPath, (chunk) => {
          sniffer.push(chunk);
          if (sniffer.size > limit) throw new TooLarge();
        }),
      );
    }
    if (filename === undefined) throw new ApiError('fileMissing');
    if (sniffer.size === 0) throw new ApiError('fileEmpty');
    return { partPath, filename, sniffer, fields };
  } catch (error) {
    await discardPart(partPath);
    throw translate(error, request, limit);
  }
}

/** Errors of the stream → catalogue errors. */
function translate(error: unknown, request: FastifyRequest, limit: number): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof TooLarge) return new ApiError('fileTooLarge', { limit });
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError('badRequest', { message: 'too many parts' });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ApiError('fileMissing');
  // The client went away or sent a body that ends mid-part.
  const premature = ['FST_MP_PREMATURE_CLOSE', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET'].includes(code);
  if (premature || request.raw.destroyed || /terminated early|Unexpected end/i.test(String(error))) {
    return new ApiError('uploadIncomplete');
  }
  return error;
}

/**
 * Moves a received file to the book's folder (`files/books/<id>/source`) and stores it (`books/<id>/source`:
 * on an S3 store a streamed multipart upload), so that any worker can fetch it. A failure to store
 * leaves the part file where it was (the caller discards it) and nothing under the book's key.
 */
export async function placeSource(store: FileStore, partPath: string, bookId: string): Promise<void> {
  const keys = bookKeys(bookId);
  const source = store.pathOf(keys.source);
  await mkdir(path.dirname(source), { recursive: true });
  await rename(partPath, source);
  try {
    await store.put(keys.source);
  } catch (error) {
    // Back to a part file: the caller discards it as for any other failure.
    await rename(source, partPath).catch(() => rm(source, { force: true }));
    await store.remove(keys.dir).catch(() => rm(path.dirname(source), { recursive: true, force: true }));
    throw error;
  }
  liveParts.delete(partPath);
}

/** Removes a received file that will not become a book's source. */
export async function discardPart(partPath: string): Promise<void> {
  await rm(partPath, { force: true });
  liveParts.delete(partPath);
}

/**
 * Part files: `files/uploads/<owner>.<random>.part`, named after the process that receives the upload
 * (see owner.ts), which keeps the set of its live ones. Several processes may share the data folder
 * (web servers, `npm run worker`, other machines), so one never removes another live process's
 * uploads: a sweep (at start, then every PART_SWEEP_EVERY_MS, by each web server — the worker-only
 * process receives no uploads and sweeps nothing) removes
 *  - at once, those of a process that is gone (same host and PID namespace, pid not running or
 *    reused): after a crash, the restarted server removes them all at start;
 *  - those of this process that are not live uploads, and those of another machine or container (or
 *    named before owners were), once not written for PART_ABANDONED_MS.
 */
export const PART_SWEEP_EVERY_MS = 5 * 60_000;
export const PART_ABANDONED_MS = 15 * 60_000;

const liveParts = new Set<string>();

/** A new part file of this process in `dir` (the uploads folder), live until placed or discarded. */
export function newPartPath(dir: string): string {
  const partPath = path.join(dir, `${ownerName(SELF)}.${randomBytes(12).toString('hex')}.part`);
  liveParts.add(partPath);
  return partPath;
}

/** Whether a part file may go (see above). */
function abandoned(file: string, mtimeMs: number, now: number, olderThanMs: number): boolean {
  const owner = parseOwner(path.basename(file).split('.')[0] ?? '');
  const old = now - mtimeMs > olderThanMs;
  if (!owner) return old;
  if (owner.space === SELF.space && owner.pid === SELF.pid && owner.start === SELF.start) return old && !liveParts.has(file);
  const alive = ownerAlive(owner);
  return alive === undefined ? old : !alive;
}

/** Removes the part files of interrupted uploads (see above). Answers how many went. */
export async function sweepPartFiles(dataDir: string, now: number, olderThanMs = PART_ABANDONED_MS): Promise<number> {
  const dir = uploadsDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && abandoned(file, info.mtimeMs, now, olderThanMs)) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
