import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type OpenedFile, type StoredInfo } from './store';

/** File-system helpers shared by both stores (the local store's files and the S3 store's cache). */

export const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** pathOf for a root: the key checked, then joined. */
export const localPath = (root: string, key: string) => path.join(root, ...checkKey(key).split('/'));

/** A temporary name beside `target` (same folder, so the rename is atomic); `.part` files are never keys' files. */
export const tempBeside = (target: string) => `${target}.${randomBytes(6).toString('hex')}.part`;

/** Size, time and a weak validator from the file's size and modification time. */
export async function fileInfo(file: string): Promise<StoredInfo | undefined> {
  const info = await stat(file).catch((error: unknown) => {
    if (isMissing(error)) return undefined;
    throw error;
  });
  if (!info?.isFile()) return undefined;
  return { size: info.size, modifiedMs: info.mtimeMs, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` };
}

/** Writes `data` to `file` atomically (a temporary name in the same folder, then rename). */
export async function writeAtomic(file: string, data: Uint8Array | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = tempBeside(file);
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Streams `body` to `file` atomically; answers the size. */
export async function streamAtomic(file: string, body: Readable): Promise<number> {
  // The body may fail (an aborted export) while the folder is made, before pipeline listens: held
  // here, the error then rejects the pipeline instead of escaping as an uncaught 'error' event.
  let early: unknown;
  const hold = (error: unknown) => {
    early ??= error;
  };
  body.on('error', hold);
  const temp = tempBeside(file);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    if (early !== undefined) throw early;
    await pipeline(body, createWriteStream(temp));
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    body.destroy();
    throw error;
  } finally {
    body.off('error', hold);
  }
  return (await stat(file)).size;
}

export async function readLocal(file: string): Promise<Buffer | undefined> {
  return readFile(file).catch((error: unknown) => {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
    throw error;
  });
}

/** A local file as an OpenedFile (a range: both ends included, clamped by the caller). */
export async function openLocal(file: string, range?: { start: number; end: number }): Promise<OpenedFile | undefined> {
  const info = await fileInfo(file);
  if (!info) return undefined;
  // Open first, so a file removed between stat and read answers "missing" rather than a broken stream.
  const handle = await open(file, 'r').catch((error: unknown) => {
    if (isMissing(error)) return undefined;
    throw error;
  });
  if (!handle) return undefined;
  const stream = handle.createReadStream({ autoClose: true, ...(range ? { start: range.start, end: range.end } : {}) });
  return { stream, info, path: file };
}

/** Every file under `dir` (recursively), as paths; `.part` temporaries left out. Missing folder: none. */
export async function walkFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((error: unknown) => {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Throws unless `dir` can be created and written (readiness of the local store, and of the S3 cache). */
export async function checkWritable(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await access(dir, constants.W_OK);
  const probe = path.join(dir, `.ready-${randomBytes(4).toString('hex')}`);
  await writeFile(probe, '');
  await rm(probe, { force: true });
}
