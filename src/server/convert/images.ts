import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { bookPaths, isSafeId, THUMB_SIZES, THUMB_WIDTHS } from '../storage/paths';
import { type EncodeTask, encodeImage } from './encoder';
import type { BookManifest } from './manifest';
import { renderPageTiff } from './pdf';
import { MemoryBudget, type ToolLimits } from './tools';

/**
 * Page images. Eager (during the conversion, straight from the renderer as JPEG):
 *   pages/<PAGE_WIDTH>/<n>.jpg        the normal view
 * Lazy (first request, then cached on disk), WebP at each of PAGE_WEBP_WIDTHS:
 *   pages/<width>/<n>.webp            made by `pageImage`: the page thumbnail (240) and the small
 *                                     page (620) scaled down from the normal JPEG, the normal and the
 *                                     zoom width rendered afresh
 * and the book's thumbnails image.small/medium/large as WebP from page 1's normal image (bookPaths().thumb(size)).
 *
 * Everything runs in child processes: the renderer (pdftoppm) reads the document, and the encoder
 * (sharp, encoder.ts) encodes what the renderer produced (an uncompressed TIFF, or the JPEG it wrote)
 * in a short-lived process of its own, so the server never holds pixels or libvips.
 */
export const PAGE_WIDTH = 1240;

/** The reader's page strip (WebP, made on request). */
export const PAGE_THUMB_WIDTH = 240;
/** Page 1 in the reader's HTML on a screen that draws it at most this wide (reader/page.tsx `srcset`). */
export const PAGE_SMALL_WIDTH = 620;
/** Zoom on high-density screens: twice the normal width. */
export const PAGE_ZOOM_WIDTH = 2480;
export const PAGE_WEBP_WIDTHS = [PAGE_THUMB_WIDTH, PAGE_SMALL_WIDTH, PAGE_WIDTH, PAGE_ZOOM_WIDTH] as const;
export type PageWebpWidth = (typeof PAGE_WEBP_WIDTHS)[number];

const WEBP_QUALITY = 80;
/** WebP effort: 2 is ~2× faster than the default 4 for ~2% larger files; the zoom image uses 1. */
const webpEffort = (width: number) => (width > PAGE_WIDTH ? 1 : 2);

export const pageJpeg = (pagesDir: string, width: number, page: number) => path.join(pagesDir, String(width), `${page}.jpg`);
export const pageWebp = (pagesDir: string, width: number, page: number) => path.join(pagesDir, String(width), `${page}.webp`);

const limitsOf = (config: Pick<Config, 'convert'>): ToolLimits => ({ memoryBytes: config.convert.memoryBytes, timeoutMs: 120_000 });

/** A temporary name beside `file` (same folder: renamed into place). */
const tmpName = (file: string, ext = 'tmp') => `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.${ext}`;

/** Writes to a temp name, then renames: readers never see half a file. */
async function writeAtomic(file: string, write: (tmp: string) => Promise<unknown>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = tmpName(file);
  try {
    await write(tmp);
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/** Thumbnails are cards: at most 3× as tall as wide (a longer page is cut at the bottom). */
const THUMB_MAX_ASPECT = 3;

/**
 * The book's thumbnails image.small / medium / large (WebP) from page 1's normal image (drawn by the
 * renderer, by resolution, or its placeholder): no second render of the page.
 */
export async function makeBookThumbs(
  image: string,
  thumbFile: (size: (typeof THUMB_SIZES)[number]) => string,
  options: { signal?: AbortSignal; limits: ToolLimits },
): Promise<void> {
  // One after another: one encoder process makes the three (each is a few ms of work).
  for (const size of THUMB_SIZES) {
    const width = THUMB_WIDTHS[size];
    const task = { input: image, width, maxHeight: width * THUMB_MAX_ASPECT, fit: 'cover', position: 'top' } as const;
    await writeAtomic(thumbFile(size), (output) =>
      encodeImage({ ...task, output, format: 'webp', quality: WEBP_QUALITY, effort: 4 }, options),
    );
  }
}

/** Tallest page image made from another image (a page rendered by the fallback, a placeholder). */
const MAX_IMAGE_SIDE = 10_000;

/**
 * The image of a page nothing could draw: a light grey page with a crossed-out sheet in its middle
 * (no words: the same file serves every language), `width` pixels wide, the page's proportions.
 */
export async function writePlaceholderPage(
  file: string,
  size: { width: number; height: number },
  options: { signal?: AbortSignal; limits: ToolLimits },
  width = PAGE_WIDTH,
): Promise<void> {
  const height = Math.max(1, Math.min(MAX_IMAGE_SIDE, Math.round((width * size.height) / size.width)));
  const icon = Math.round(Math.min(width, height) * 0.3);
  const [x, y] = [Math.round((width - icon * 0.7) / 2), Math.round((height - icon) / 2)];
  const stroke = Math.max(2, Math.round(icon / 24));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#f0f0f0"/>` +
    `<g fill="none" stroke="#b0b0b0" stroke-width="${stroke}" stroke-linecap="round">` +
    `<rect x="${x}" y="${y}" width="${Math.round(icon * 0.7)}" height="${icon}" rx="${stroke * 2}"/>` +
    `<line x1="${x}" y1="${y + icon}" x2="${x + Math.round(icon * 0.7)}" y2="${y}"/></g></svg>`;
  await writeAtomic(file, (output) => encodeImage({ svg, output, background: '#f0f0f0', format: 'jpeg', quality: 85 }, options));
}

const inflight = new Map<string, Promise<string | null>>();
/**
 * One page image made at a time (its render, then its encoding): a burst of first requests for a book
 * must not hold every core. Made once per page and width, then served from disk; later requests wait
 * in line.
 */
const pageEncodes = new MemoryBudget(1);

/**
 * The WebP image of a page at one of PAGE_WEBP_WIDTHS: made on first request from a render at that
 * width, cached on disk, concurrent requests share one render. Null when the book has no such page
 * (not converted yet, unknown book, page out of range) or the width is not one of the offered ones.
 */
export async function pageImage(
  config: Pick<Config, 'dataDir' | 'convert'>,
  bookId: string,
  page: number,
  width: number,
): Promise<string | null> {
  if (!isSafeId(bookId) || !Number.isInteger(page) || page < 1 || !(PAGE_WEBP_WIDTHS as readonly number[]).includes(width)) return null;
  const paths = bookPaths(config.dataDir, bookId);
  const file = pageWebp(paths.pages, width, page);
  if (existsSync(file)) return file;
  const pending = inflight.get(file);
  if (pending) return pending;
  const job = (async () => {
    let manifest: Pick<BookManifest, 'pages' | 'warnings'>;
    try {
      manifest = JSON.parse(await readFile(paths.manifest, 'utf8')) as Pick<BookManifest, 'pages' | 'warnings'>;
    } catch {
      return null; // not converted (yet)
    }
    if (page > (manifest.pages ?? 0)) return null;
    const release = await pageEncodes.acquire(1);
    try {
      return await makePageImage(config, paths, manifest, file, page, width);
    } finally {
      release();
    }
  })().finally(() => inflight.delete(file));
  inflight.set(file, job);
  return job;
}

/** Renders and encodes one page image (pageImage's work, one at a time). */
async function makePageImage(
  config: Pick<Config, 'convert'>,
  paths: ReturnType<typeof bookPaths>,
  manifest: Pick<BookManifest, 'warnings'>,
  file: string,
  page: number,
  width: number,
): Promise<string> {
  const limits = limitsOf(config);
  const webp = { width, format: 'webp', quality: WEBP_QUALITY, effort: webpEffort(width) } satisfies Omit<EncodeTask, 'output'>;
  const jpeg = pageJpeg(paths.pages, PAGE_WIDTH, page);
  // A page the renderer could not draw at its width (made by resolution, or a placeholder): every
  // width comes from the image the conversion kept.
  if (manifest.warnings?.some((w) => w.pages?.includes(page)) && existsSync(jpeg)) {
    const task = { ...webp, input: jpeg, maxHeight: MAX_IMAGE_SIDE, fit: 'fill' } as const;
    await writeAtomic(file, (output) => encodeImage({ ...task, output }, { limits }));
    return file;
  }
  if (width < PAGE_WIDTH && existsSync(jpeg)) {
    // Smaller than the normal view: scaled down from it (the JPEG decoder shrinks while it loads).
    await writeAtomic(file, (output) => encodeImage({ ...webp, input: jpeg, output }, { limits }));
    return file;
  }
  const render = tmpName(file, 'tif');
  await mkdir(path.dirname(render), { recursive: true });
  try {
    await renderPageTiff(paths.pdf, page, width, render, { limits });
    await writeAtomic(file, (output) => encodeImage({ ...webp, width: undefined, input: render, output }, { limits }));
  } finally {
    await rm(render, { force: true });
  }
  return file;
}
