import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { dimensionProblem, IMAGE_MAX_BYTES, IMAGE_RULES, type ImageKind } from '../../contracts/library';
import { newId } from '../auth/crypto';
import { encodeImage } from '../convert/encoder';
import { ApiError } from '../envelope';
import { ContentSniffer } from '../publish/detect';
import { PartFileWriter } from '../publish/part-file';
import { baseName, discardPart, FORM_OVERHEAD, hasValidBoundary, newPartPath } from '../publish/upload';
import { libraryPaths, uploadsDir } from '../storage/paths';
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

class TooLarge extends Error {}

export interface ReceivedImage {
  partPath: string;
  fields: Record<string, string>;
  filename: string;
  size: number;
  head: Buffer;
}

/** Receives the multipart body to a part file (removed again on any failure). */
export async function receiveImage(request: FastifyRequest, dataDir: string): Promise<ReceivedImage> {
  if (!request.isMultipart()) throw new ApiError('fileMissing');
  if (!hasValidBoundary(request.headers['content-type'])) {
    throw new ApiError('badRequest', { message: 'multipart/form-data needs a boundary of 1 to 70 characters' });
  }
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > IMAGE_MAX_BYTES + FORM_OVERHEAD) throw new ApiError('imageTooLarge');
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const partPath = newPartPath(dir);
  const sniffer = new ContentSniffer();
  const fields: Record<string, string> = Object.create(null);
  let filename: string | undefined;
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, fileSize: IMAGE_MAX_BYTES + 1 } })) {
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
          if (sniffer.size > IMAGE_MAX_BYTES) throw new TooLarge();
        }),
      );
    }
    if (filename === undefined) throw new ApiError('fileMissing');
    if (sniffer.size === 0) throw new ApiError('fileEmpty');
    return { partPath, fields, filename, size: sniffer.size, head: sniffer.head };
  } catch (error) {
    await discardPart(partPath);
    throw translate(error, request);
  }
}

function translate(error: unknown, request: FastifyRequest): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof TooLarge) return new ApiError('imageTooLarge');
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError('badRequest', { message: 'too many parts' });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ApiError('fileMissing');
  const premature = ['FST_MP_PREMATURE_CLOSE', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET'].includes(code);
  if (premature || request.raw.destroyed || /terminated early|Unexpected end/i.test(String(error))) {
    return new ApiError('uploadIncomplete');
  }
  return error;
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
  const paths = libraryPaths(app.config.dataDir, accountId, id);
  await mkdir(paths.dir, { recursive: true });
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
    return { id, width: size.width, height: size.height, bytes };
  } catch (error) {
    await removeImageFiles(app.config.dataDir, accountId, id);
    if (error instanceof Error && /^image encoding failed/.test(error.message)) {
      app.log.info({ err: error }, 'library image refused');
      throw new ApiError('imageUnreadable');
    }
    throw error;
  }
}

/** Removes an item's files (and any left half-written). */
export async function removeImageFiles(dataDir: string, accountId: string, id: string): Promise<void> {
  const paths = libraryPaths(dataDir, accountId, id);
  await Promise.all([paths.image, paths.preview, `${paths.image}.tmp`, `${paths.preview}.tmp`].map((file) => rm(file, { force: true })));
}
