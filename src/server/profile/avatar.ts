import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_PIXELS,
  AVATAR_MAX_SIDE,
  AVATAR_MIN_SIDE,
  AVATAR_SIZES,
  AVATAR_TYPES,
  type AvatarCrop,
  AvatarCropSchema,
  type AvatarSize,
} from '../../contracts/profile';
import { encodeImage } from '../convert/encoder';
import { ApiError, parse } from '../envelope';
import { discardPart, receiveFile } from '../publish/upload';
import { avatarDir, avatarKey } from '../storage/paths';
import { imageSize } from './image-size';
import { avatarFileName } from './views';

/**
 * The public profile's avatar (issue 16): `POST {api}/account/profile/avatar`, multipart, the image in
 * `file` and the square to keep in `x`, `y`, `size` (pixels of the upright image, chosen in the
 * browser's crop). The image streams to a part file (never into memory, at most AVATAR_MAX_BYTES),
 * is recognised from its content (PNG, JPEG or WebP, whatever its name or declared type), its size is
 * read from its header and checked before a pixel is decoded, then an encoder process (convert/
 * encoder.ts: not in the server) turns the square upright, scales it to each size and writes WebP
 * without any of the original's metadata (EXIF, GPS, ICC profile names…). The files carry a new
 * version in their name, so their URLs can be cached forever; the old ones go once the new are in place.
 */

const QUALITY = 85;
const limitsOf = (app: FastifyInstance) => ({ memoryBytes: app.config.convert.memoryBytes });

/** A received avatar, checked: its part file and what to keep of it. */
export interface ReceivedAvatar {
  partPath: string;
  crop: AvatarCrop;
}

/** Receives and checks an avatar upload; the caller stores it (`storeAvatar`) or discards it. */
export async function receiveAvatar(app: FastifyInstance, request: FastifyRequest): Promise<ReceivedAvatar> {
  let received: Awaited<ReturnType<typeof receiveFile>>;
  try {
    received = await receiveFile(request, { dataDir: app.config.dataDir, limit: AVATAR_MAX_BYTES });
  } catch (error) {
    if (error instanceof ApiError && error.errorName === 'fileTooLarge')
      throw new ApiError('avatarFileTooLarge', { limit: AVATAR_MAX_BYTES });
    throw error;
  }
  const { partPath, sniffer, fields } = received;
  try {
    const crop = parse(AvatarCropSchema, fields);
    const type = await fileTypeFromBuffer(sniffer.head);
    if (!type || !(AVATAR_TYPES as readonly string[]).includes(type.mime)) throw new ApiError('avatarType');
    const size = await imageSize(partPath, type.mime);
    if (!size) throw new ApiError('avatarUnreadable');
    const { width, height } = size;
    if (Math.min(width, height) < AVATAR_MIN_SIDE) throw new ApiError('avatarTooSmall');
    if (Math.max(width, height) > AVATAR_MAX_SIDE || width * height > AVATAR_MAX_PIXELS) throw new ApiError('avatarTooBig');
    // The square fits the image whichever way it is turned (the encoder moves it inside the upright one).
    if (crop.size > Math.min(width, height) || crop.x > Math.max(width, height) || crop.y > Math.max(width, height)) {
      throw new ApiError('validation', { message: 'validation.invalid', fields: ['size'] });
    }
    return { partPath, crop };
  } catch (error) {
    await discardPart(partPath);
    throw error;
  }
}

const newVersion = () => randomBytes(9).toString('base64url');

/**
 * Makes the avatar's sizes from a received image and answers their version (the part file is gone
 * either way). An image the encoder cannot read is `avatarUnreadable`.
 */
export async function storeAvatar(app: FastifyInstance, accountId: string, avatar: ReceivedAvatar): Promise<string> {
  const store = app.storage;
  const dir = store.pathOf(avatarKey(accountId));
  const version = newVersion();
  const written: string[] = [];
  const keys = (Object.keys(AVATAR_SIZES) as AvatarSize[]).map((size) => `${avatarKey(accountId)}/${avatarFileName(version, size)}`);
  try {
    await mkdir(dir, { recursive: true });
    for (const size of Object.keys(AVATAR_SIZES) as AvatarSize[]) {
      const file = path.join(dir, avatarFileName(version, size));
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await encodeImage(
          {
            input: avatar.partPath,
            output: tmp,
            crop: avatar.crop,
            maxPixels: AVATAR_MAX_PIXELS,
            width: AVATAR_SIZES[size],
            format: 'webp',
            quality: QUALITY,
            effort: 4,
          },
          { limits: limitsOf(app) },
        );
        await rename(tmp, file);
        written.push(file);
      } finally {
        await rm(tmp, { force: true });
      }
    }
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    app.log.info({ err: error }, 'avatar refused by the encoder');
    throw new ApiError('avatarUnreadable');
  } finally {
    await discardPart(avatar.partPath);
  }
  // Into the store (S3: the bucket) before the profile names the version: every instance serves it.
  try {
    for (const key of keys) await store.put(key);
  } catch (error) {
    await Promise.all(keys.map((key) => store.remove(key).catch(() => undefined)));
    app.log.error({ err: error }, 'avatar: the store did not take the files');
    throw new ApiError('unavailable', { message: 'the avatar could not be stored, please try again' });
  }
  return version;
}

/**
 * Removes the files of one avatar version (the one a new avatar or a removal replaced). Only that
 * version's: another upload of the same account may be writing its own files meanwhile.
 */
export async function removeAvatarVersion(app: FastifyInstance, accountId: string, version: string): Promise<void> {
  await Promise.all(
    (Object.keys(AVATAR_SIZES) as AvatarSize[]).map((size) =>
      app.storage.remove(`${avatarKey(accountId)}/${avatarFileName(version, size)}`),
    ),
  );
}

/** The file of an avatar size, when `file` names one (`<version>-<size>.webp`). */
export function avatarFile(app: FastifyInstance, accountId: string, file: string): { version: string; path: string } | undefined {
  const match = /^([A-Za-z0-9_-]{1,32})-(small|large)\.webp$/.exec(file);
  if (!match) return undefined;
  const version = match[1] as string;
  return { version, path: path.join(avatarDir(app.config.dataDir, accountId), file) };
}
