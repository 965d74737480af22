import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { dimensionProblem, IMAGE_MAX_BYTES, IMAGE_RULES, type ImageKind } from '../../contracts/library';
import { newId } from '../auth/crypto';
import { encodeImage } from '../convert/encoder';
import { ApiError } from '../envelope';
import { receiveFile } from '../publish/upload';
import type { FileStore } from '../storage/index';
import { libraryKeys } from '../storage/paths';
import { imageSize, type ProbedType } from './probe';

/**
 * Image uploads of the libraries (issue 16): one file (field `file`, at most IMAGE_MAX_BYTES) streamed
 * to a part file like a document upload (publish/upload.ts: swept the same way when a process dies),
 * its type sniffed from its content (file-type: PNG, JPEG or WebP only; SVG and everything else is
 * refused), its size read from its header and checked against the kind's rule, then re-encoded as
 * WebP in the image encoder's child processes (convert/encoder.ts, never in the server): turned
 * upright, scaled to fit the kind's box, every metadata block (EXIF, XMP, ICC, comments) dropped, the
 * first frame only; and a preview. What the visitor sent is never served.
 */

const TYPES: Record<string, ProbedType> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };
const MULTIPART_LIMITS = { fields: 4, fieldSize: 1024, fieldNameSize: 100, files: 1, parts: 6, headerPairs: 100 };
const QUALITY = 82;
const PREVIEW_QUALITY = 75;

export interface ReceivedImage {
  partPath: string;
  fields: Record<string, string>;
  filename: string;
  size: number;
  head: Buffer;
}

/**
 * Receives the multipart body to a part file (removed again on any failure), as a document upload is
 * received (publish/upload.ts `receiveFile`), with the library's size limit and error, and a form of
 * one file and few fields.
 */
export async function receiveImage(request: FastifyRequest, dataDir: string): Promise<ReceivedImage> {
  if (!request.isMultipart()) throw new ApiError('fileMissing');
  try {
    const { partPath, fields, filename, sniffer } = await receiveFile(request, {
      dataDir,
      limit: IMAGE_MAX_BYTES,
      parts: MULTIPART_LIMITS,
    });
    return { partPath, fields, filename, size: sniffer.size, head: sniffer.head };
  } catch (error) {
    if (error instanceof ApiError && error.errorName === 'fileTooLarge') throw new ApiError('imageTooLarge');
    throw error;
  }
}

export interface StoredImage {
  id: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Checks a received image and writes its re-encoded file and preview under the account's library
 * folder; answers the new id and what was stored. Refusals: imageType, imageUnreadable, imageTooSmall,
 * imageTooBig. The part file is left to the caller.
 */
export async function storeImage(app: FastifyInstance, accountId: string, kind: ImageKind, received: ReceivedImage): Promise<StoredImage> {
  const sniffed = await fileTypeFromBuffer(received.head).catch(() => undefined);
  const type = sniffed ? TYPES[sniffed.mime] : undefined;
  if (!type) throw new ApiError('imageType');
  const size = await imageSize(received.partPath, type);
  if (!size) throw new ApiError('imageUnreadable');
  const problem = dimensionProblem(kind, size.width, size.height);
  if (problem) throw new ApiError(problem === 'small' ? 'imageTooSmall' : 'imageTooBig');

  const rule = IMAGE_RULES[kind];
  const id = newId();
  const store = app.storage;
  const keys = libraryKeys(accountId, id);
  const paths = { image: store.pathOf(keys.image), preview: store.pathOf(keys.preview) };
  await mkdir(path.dirname(paths.image), { recursive: true });
  const limits = { memoryBytes: app.config.convert.memoryBytes };
  try {
    await encodeImage(
      {
        input: received.partPath,
        output: `${paths.image}.tmp`,
        box: rule.fit,
        autoOrient: true,
        limitInputPixels: rule.maxSide * rule.maxSide,
        format: 'webp',
        quality: QUALITY,
        effort: 4,
      },
      { limits },
    );
    await encodeImage(
      {
        input: `${paths.image}.tmp`,
        output: `${paths.preview}.tmp`,
        box: rule.preview,
        format: 'webp',
        quality: PREVIEW_QUALITY,
        effort: 4,
      },
      { limits },
    );
    await rename(`${paths.preview}.tmp`, paths.preview);
    await rename(`${paths.image}.tmp`, paths.image);
    const bytes = (await stat(paths.image)).size;
    // Into the store (S3: the bucket) before the item exists: every instance serves it. Preview first,
    // so an image in the store always has its preview.
    try {
      await store.put(keys.preview);
      await store.put(keys.image);
    } catch (error) {
      app.log.error({ err: error }, 'library image: the store did not take the files');
      throw new ApiError('unavailable', { message: 'the image could not be stored, please try again' });
    }
    return { id, width: size.width, height: size.height, bytes };
  } catch (error) {
    await removeImageFiles(store, accountId, id);
    if (error instanceof Error && /^image encoding failed/.test(error.message)) {
      app.log.info({ err: error }, 'library image refused');
      throw new ApiError('imageUnreadable');
    }
    throw error;
  }
}

/** Removes an item's files from the store (and any left half-written in this process's folder). */
export async function removeImageFiles(store: FileStore, accountId: string, id: string): Promise<void> {
  const keys = libraryKeys(accountId, id);
  const [image, preview] = [store.pathOf(keys.image), store.pathOf(keys.preview)];
  await Promise.all([`${image}.tmp`, `${preview}.tmp`].map((file) => rm(file, { force: true })));
  await Promise.all([keys.image, keys.preview].map((key) => store.remove(key)));
}
