import { open } from 'node:fs/promises';

/**
 * The pixel size stored in a PNG, JPEG or WebP file's header, read from the file without decoding
 * it (the avatar's limits are checked before any pixel is touched). Undefined when the header is not
 * where the format puts it (a damaged or truncated file). Sizes are as stored: a JPEG's EXIF
 * orientation may swap them on screen, which the limits (both sides) do not mind.
 */
export interface ImageSize {
  width: number;
  height: number;
}

type Reader = (position: number, length: number) => Promise<Buffer>;

export async function imageSize(file: string, mime: string): Promise<ImageSize | undefined> {
  const handle = await open(file, 'r');
  try {
    const read: Reader = async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    if (mime === 'image/png') return pngSize(await read(0, 24));
    if (mime === 'image/webp') return webpSize(await read(0, 30));
    if (mime === 'image/jpeg') return await jpegSize(read);
    return undefined;
  } finally {
    await handle.close();
  }
}

const positive = (size: ImageSize): ImageSize | undefined => (size.width > 0 && size.height > 0 ? size : undefined);

/** PNG: the IHDR chunk comes first (width and height, big-endian, at 16 and 20). */
export function pngSize(head: Buffer): ImageSize | undefined {
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return positive({ width: head.readUInt32BE(16), height: head.readUInt32BE(20) });
}

/** WebP: the first chunk is VP8X (canvas size), VP8L (lossless) or VP8 (lossy key frame). */
export function webpSize(head: Buffer): ImageSize | undefined {
  if (head.length < 30 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return positive({ width: 1 + head.readUIntLE(24, 3), height: 1 + head.readUIntLE(27, 3) });
  if (chunk === 'VP8L') {
    if (head[20] !== 0x2f) return undefined;
    const bits = head.readUInt32LE(21);
    return positive({ width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) });
  }
  if (chunk === 'VP8 ') {
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return undefined;
    return positive({ width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff });
  }
  return undefined;
}

/** Start-of-frame markers (baseline, progressive, lossless…), not DHT (C4), JPG (C8) or DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Segments walked at most before giving up (a real file reaches its frame within a few). */
const JPEG_SEGMENTS_MAX = 256;

/** JPEG: walks the segments (each says its length) to the start of frame: height, then width. */
export async function jpegSize(read: Reader): Promise<ImageSize | undefined> {
  const soi = await read(0, 2);
  if (soi.length < 2 || soi[0] !== 0xff || soi[1] !== 0xd8) return undefined;
  let position = 2;
  for (let i = 0; i < JPEG_SEGMENTS_MAX; i++) {
    const header = await read(position, 9);
    if (header.length < 4 || header[0] !== 0xff) return undefined;
    const marker = header[1] as number;
    // Fill bytes (0xFF) may precede a marker.
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (isStartOfFrame(marker)) {
      if (header.length < 9) return undefined;
      return positive({ width: header.readUInt16BE(7), height: header.readUInt16BE(5) });
    }
    // Markers without a length (RSTn, TEM) do not come before the frame; the image data (SOS) neither.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = header.readUInt16BE(2);
    if (length < 2) return undefined;
    position += 2 + length;
  }
  return undefined;
}
