import { type FileHandle, open } from 'node:fs/promises';

/**
 * The size of an uploaded image read from its header, without decoding a pixel (the server never
 * decodes images itself: src/server/convert/encoder.ts). PNG (IHDR), WebP (VP8, VP8L, VP8X) and JPEG
 * (the first frame header, and the EXIF orientation, which turns a photo on its side) are read with a
 * few small reads, however large the file. The encoder checks again while it decodes
 * (`limitInputPixels`), so a header that lies gains nothing.
 */

export type ProbedType = 'png' | 'jpeg' | 'webp';
export interface ImageSize {
  /** As shown (after the EXIF orientation). */
  width: number;
  height: number;
}

/** JPEG segment headers read before giving up (a file of nothing but markers). */
const MAX_SEGMENTS = 2000;

async function bytesAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function pngSize(head: Buffer): ImageSize | null {
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

function webpSize(head: Buffer): ImageSize | null {
  if (head.length < 30 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = head.toString('latin1', 12, 16);
  const data = 20;
  if (chunk === 'VP8 ') {
    if (head[data + 3] !== 0x9d || head[data + 4] !== 0x01 || head[data + 5] !== 0x2a) return null;
    return { width: head.readUInt16LE(data + 6) & 0x3fff, height: head.readUInt16LE(data + 8) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (head[data] !== 0x2f) return null;
    const bits = head.readUInt32LE(data + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: 1 + head.readUIntLE(data + 4, 3), height: 1 + head.readUIntLE(data + 7, 3) };
  return null;
}

/** The EXIF orientation (1–8) in an APP1 segment's body, or 1. */
export function exifOrientation(app1: Buffer): number {
  if (app1.length < 14 || app1.toString('latin1', 0, 6) !== 'Exif\0\0') return 1;
  const tiff = app1.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > tiff.length) return 1;
    if (u16(at) === 0x0112) {
      const value = u16(at + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

async function jpegSize(file: FileHandle, size: number): Promise<ImageSize | null> {
  let at = 2;
  let orientation = 1;
  for (let n = 0; n < MAX_SEGMENTS && at + 4 <= size; n++) {
    const head = await bytesAt(file, at, 4);
    if (head.length < 2 || head[0] !== 0xff) return null;
    const marker = head[1] as number;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda || head.length < 4) return null;
    const length = head.readUInt16BE(2);
    if (length < 2) return null;
    if (isSof(marker)) {
      const sof = await bytesAt(file, at + 4, 5);
      if (sof.length < 5) return null;
      const height = sof.readUInt16BE(1);
      const width = sof.readUInt16BE(3);
      // Orientations 5 to 8 turn the picture a quarter.
      return orientation >= 5 ? { width: height, height: width } : { width, height };
    }
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(await bytesAt(file, at + 4, Math.min(length - 2, 64 * 1024)));
    at += 2 + length;
  }
  return null;
}

/** The shown size of an image file of this type, or null when its header cannot be read. */
export async function imageSize(path: string, type: ProbedType): Promise<ImageSize | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const found =
      type === 'jpeg'
        ? await jpegSize(file, size)
        : type === 'png'
          ? pngSize(await bytesAt(file, 0, 64))
          : webpSize(await bytesAt(file, 0, 64));
    return found && found.width > 0 && found.height > 0 ? found : null;
  } catch {
    return null;
  } finally {
    await file.close();
  }
}
