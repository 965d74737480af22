import { readFile, stat } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { READER_WIDTHS } from '../../contracts/reader';
import { type BookManifest, PAGE_WIDTH, pageImage } from '../convert/index';
import { bookKeys, type ThumbSize } from '../storage/paths';
import { stored } from '../storage/serve';

/**
 * A book's files as the reader reads them (issue 19): keys of the file store (`books/<id>/…`, the
 * layout of storage/paths.ts), and the page images made on first request (convert/images.ts
 * `pageImage`) with a bucket behind the data folder.
 */

type App = Pick<FastifyInstance, 'config' | 'storage'>;

/** The store keys of a book's files (storage/paths.ts `bookKeys`) with the reader's page images and thumbnails. */
export function readerKeys(bookId: string) {
  const keys = bookKeys(bookId);
  return {
    ...keys,
    thumb: (size: ThumbSize) => `${keys.thumbs}/${size}.webp`,
    jpeg: (page: number) => `${keys.pages}/${PAGE_WIDTH}/${page}.jpg`,
    webp: (width: number, page: number) => `${keys.pages}/${width}/${page}.webp`,
  };
}

// One making per image and process: concurrent first requests share it.
const making = new Map<string, Promise<string | null>>();

/**
 * The key of a page's WebP at `width` (one of PAGE_WEBP_WIDTHS), made when missing; null when the book
 * has no such page (not converted, page out of range). With a bucket: an image another instance made
 * is taken as is; otherwise what `pageImage` needs (the manifest, then page n's JPEG or document.pdf)
 * is fetched into this process's cache, the image is made there and stored, so every instance finds it.
 * Store failures reject with StoreUnavailable.
 */
export async function storedPageImage(app: App, bookId: string, page: number, width: number): Promise<string | null> {
  const keys = readerKeys(bookId);
  const key = keys.webp(width, page);
  const store = app.storage;
  if (store.kind === 'local') return (await pageImage(app.config, bookId, page, width)) ? key : null;
  if (await stored(store.stat(key))) return key;
  const pending = making.get(key);
  if (pending) return pending;
  const job = (async () => {
    const manifestFile = await stored(store.fetch(keys.manifest));
    if (!manifestFile) return null;
    const manifest = await readJson<Pick<BookManifest, 'pages' | 'warnings'>>(store, keys.manifest);
    if (!manifest || page > (manifest.pages ?? 0)) return null;
    // pageImage's sources: the normal JPEG for smaller widths and pages drawn by resolution, else the PDF.
    const fromJpeg = width < PAGE_WIDTH || (manifest.warnings ?? []).some((w) => w.pages?.includes(page));
    const jpeg = fromJpeg ? await stored(store.fetch(keys.jpeg(page))) : undefined;
    if (!jpeg) await stored(store.fetch(keys.pdf), 120_000);
    const file = await pageImage(app.config, bookId, page, width);
    if (!file) return null;
    await stored(store.put(key), 60_000);
    return key;
  })().finally(() => making.delete(key));
  making.set(key, job);
  return job;
}

async function readJson<T>(store: App['storage'], key: string): Promise<T | undefined> {
  const bytes = await stored(store.read(key));
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * Page 1's small image (READER_WIDTHS.small) in the reader's HTML only up to this size: as a data URL
 * it is a third larger, and every opening of the book carries it.
 */
export const INLINE_PAGE_MAX_BYTES = 192 * 1024;
/** How long the reader's HTML waits for that image from a bucket before it links to it instead. */
const INLINE_FETCH_MS = 250;

/**
 * Page 1 at the small width as a data URL for the reader's HTML (reader/page.tsx): the screens that
 * show page 1 at most that wide (a desktop at 1 device pixel per CSS pixel) then draw it from the
 * HTML's own bytes, with no second request, connection or server turn before the first page.
 * Undefined when the image is not made yet (it is made now, for the next readers), larger than
 * INLINE_PAGE_MAX_BYTES, or not at hand in time; the HTML then links to it as before.
 */
export async function inlinePageOne(app: App, bookId: string, log: FastifyBaseLogger): Promise<string | undefined> {
  const width = READER_WIDTHS.small;
  const key = readerKeys(bookId).webp(width, 1);
  const store = app.storage;
  try {
    const file = store.pathOf(key);
    let info = await stat(file).catch(() => undefined);
    if (!info && store.kind === 's3' && (await stored(store.fetch(key), INLINE_FETCH_MS).catch(() => undefined))) {
      info = await stat(file).catch(() => undefined);
    }
    if (!info) {
      storedPageImage(app, bookId, 1, width).catch((err: unknown) => log.warn({ err, bookId }, 'page image failed'));
      return undefined;
    }
    if (!info.isFile() || info.size === 0 || info.size > INLINE_PAGE_MAX_BYTES) return undefined;
    const bytes = await readFile(file);
    return bytes.length > 0 && bytes.length <= INLINE_PAGE_MAX_BYTES ? `data:image/webp;base64,${bytes.toString('base64')}` : undefined;
  } catch {
    return undefined;
  }
}
