/**
 * The image encoder process (started by encoder.ts, never imported by the server): libvips through
 * sharp, one task at a time, one JSON line per task on stdin and one answer per line on stdout:
 *
 *   → {"id": 1, "input": "/…/1.jpg", "output": "/…/1.webp.tmp", "width": 240, "format": "webp", "quality": 80, "effort": 2}
 *   ← {"id": 1, "ok": true}   or   {"id": 1, "ok": false, "error": "…"}
 *
 * It exits when its stdin closes. Self-contained (only sharp and Node's own modules), so that Node runs
 * this file as it is in the tests (type stripping) and as dist/server/image-encoder.js when built.
 */
import { createInterface } from 'node:readline';
import sharp from 'sharp';

/** What to encode; the file types the server's callers use. */
export interface EncodeTask {
  /** An image file (JPEG, TIFF, PNG, WebP), or `svg` below. */
  input?: string;
  /** SVG markup (the placeholder page). */
  svg?: string;
  /** Written as is: the caller writes to a temporary name and renames. */
  output: string;
  /** Scaled to this width; without `maxHeight` the height follows the aspect ratio. */
  width?: number;
  /** The height follows the aspect ratio up to this many pixels (`fit` decides how the rest is cut). */
  maxHeight?: number;
  fit?: 'cover' | 'fill';
  position?: 'top';
  /** Scaled down (never up) to fit in this box, keeping the aspect ratio (instead of `width`). */
  box?: { width: number; height: number };
  /** Turned upright by its EXIF orientation first (uploaded photos). */
  autoOrient?: boolean;
  /** Refuses an input with more pixels than this (an upload whose header lied). */
  limitInputPixels?: number;
  /** Flattened onto this colour first. */
  background?: string;
  format: 'webp' | 'jpeg';
  quality: number;
  /** WebP effort (0–6). */
  effort?: number;
  /**
   * A square of the upright image (its EXIF orientation applied first, only the first frame read) to
   * keep before scaling, in that image's pixels; moved and shrunk to fit inside it (avatars).
   */
  crop?: { x: number; y: number; size: number };
  /** Refuse an input with more pixels than this (libvips reads no further than the header). */
  maxPixels?: number;
}

export type EncodeAnswer = { id: number; ok: true } | { id: number; ok: false; error: string };

// One image at a time, encoded once: libvips' operation cache and thread pool only keep memory.
sharp.cache(false);
sharp.concurrency(1);

async function encode(task: EncodeTask): Promise<void> {
  const limit = task.maxPixels ?? task.limitInputPixels;
  const options = {
    ...(limit !== undefined ? { limitInputPixels: limit } : {}),
    ...(task.crop ? { autoOrient: true, pages: 1 } : {}),
  };
  const source = () => (task.svg !== undefined ? sharp(Buffer.from(task.svg), options) : sharp(task.input, options));
  let image = source();
  if (task.autoOrient) image = image.rotate();
  if (task.crop) {
    const { autoOrient } = await source().metadata();
    const size = Math.max(1, Math.min(Math.round(task.crop.size), autoOrient.width, autoOrient.height));
    const left = Math.min(Math.max(0, Math.round(task.crop.x)), autoOrient.width - size);
    const top = Math.min(Math.max(0, Math.round(task.crop.y)), autoOrient.height - size);
    image = image.extract({ left, top, width: size, height: size });
  }
  if (task.background) image = image.flatten({ background: task.background });
  if (task.box) image = image.resize({ ...task.box, fit: 'inside', withoutEnlargement: true });
  if (task.width) {
    let height: number | undefined;
    if (task.maxHeight) {
      const { width = 1, height: h = 1 } = await source().metadata();
      height = Math.max(1, Math.min(task.maxHeight, Math.round((task.width * h) / width)));
    }
    image = image.resize({ width: task.width, height, fit: task.fit, position: task.position });
  }
  image = task.format === 'webp' ? image.webp({ quality: task.quality, effort: task.effort }) : image.jpeg({ quality: task.quality });
  await image.toFile(task.output);
}

const answer = (a: EncodeAnswer) => process.stdout.write(`${JSON.stringify(a)}\n`);

let queue: Promise<void> = Promise.resolve();
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  queue = queue.then(async () => {
    let id = 0;
    try {
      const task = JSON.parse(line) as EncodeTask & { id: number };
      id = task.id;
      await encode(task);
      answer({ id, ok: true });
    } catch (error) {
      answer({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
lines.on('close', () => {
  void queue.then(() => process.exit(0));
});
