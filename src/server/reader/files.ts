import type { FastifyInstance } from 'fastify';
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
