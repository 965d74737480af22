import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import {
  type BookManifest,
  type BookSizes,
  PAGE_THUMB_WIDTH,
  PAGE_WIDTH,
  pageImage,
  pageJpeg,
  pageWebp,
  SIZES_FILE,
} from '../../src/server/convert/index';
import type { Worker } from '../../src/server/jobs/index';
import { bookPaths, THUMB_SIZES, THUMB_WIDTHS } from '../../src/server/storage/paths';
import { getBook, insertAccount, insertBook, waitFor, waitForOutcome } from './fixtures/books';
import { documents, type Fixture, type FixtureName } from './fixtures/documents';
import { makePdf } from './fixtures/pdf';
import { testConfig } from './helpers';

/**
 * Every accepted kind of document through the real worker of the app (kept-warm LibreOffice, Poppler,
 * sharp), with its exact outcome. Conversion does not depend on the database: SQLite only (the job
 * claiming is tested on both dialects in jobs.test.ts).
 */
const CONVERTS: FixtureName[] = ['pdf', 'pdfRtl', 'txt', 'docx', 'odt', 'doc', 'rtf', 'pptx', 'odp', 'ppt', 'xlsx', 'ods', 'xls'];
const FAILS: FixtureName[] = ['corruptPdf', 'encryptedPdf', 'emptyFile', 'zeroPagesPdf'];

let app: FastifyInstance;
let config: Config;
let docs: Record<FixtureName, Fixture>;
const books = new Map<FixtureName, string>();

beforeAll(async () => {
  docs = await documents();
  config = await testConfig('sqlite', { QUIRE_CONVERT_CONCURRENCY: '2' });
  app = await buildApp(config);
  await app.ready();
  const accountId = await insertAccount(app.db);
  for (const name of [...CONVERTS, ...FAILS]) {
    const { bookId } = await insertBook(app.db, config.dataDir, accountId, docs[name]);
    books.set(name, bookId);
  }
  app.jobs.wake();
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (config) await rm(config.dataDir, { recursive: true, force: true });
});

const bookOf = (name: FixtureName) => books.get(name) as string;

describe('documents that convert', () => {
  it.each(CONVERTS)('%s → DONE with its pages, thumbnails and text', async (name) => {
    const fixture = docs[name];
    const book = await waitForOutcome(app.db, bookOf(name));
    expect({ status: book.status, code: book.error_code }).toEqual({ status: 'DONE', code: null });
    expect(book.pages_total).toBe(fixture.pages);
    expect(book.pages_done).toBe(fixture.pages);

    const paths = bookPaths(config.dataDir, book.id);
    for (const size of THUMB_SIZES) {
      const meta = await sharp(paths.thumb(size)).metadata();
      expect({ size, format: meta.format, width: meta.width }).toEqual({ size, format: 'webp', width: THUMB_WIDTHS[size] });
    }
    const pages = fixture.pages as number;
    const texts: string[] = [];
    for (let n = 1; n <= pages; n++) {
      expect((await sharp(pageJpeg(paths.pages, PAGE_WIDTH, n)).metadata()).width).toBe(PAGE_WIDTH);
      texts.push(await readFile(path.join(paths.text, `${n}.txt`), 'utf8'));
    }
    expect(existsSync(pageJpeg(paths.pages, PAGE_WIDTH, pages + 1))).toBe(false);
    expect(texts.join('\n')).toContain(fixture.word);
    expect(texts[0]).toContain(fixture.word);

    const manifest = JSON.parse(await readFile(paths.manifest, 'utf8')) as BookManifest;
    expect(manifest.pages).toBe(pages);
    expect(manifest.sizes).toHaveLength(pages);
    expect(existsSync(paths.pdf)).toBe(true);
    // Nothing of the attempt's scratch space is left behind.
    expect((await readdir(paths.dir)).filter((f) => f.startsWith('tmp-'))).toEqual([]);
  });

  it('keeps the text of the plain-text file as UTF-8', async () => {
    await waitForOutcome(app.db, bookOf('txt'));
    const text = await readFile(path.join(bookPaths(config.dataDir, bookOf('txt')).text, '1.txt'), 'utf8');
    expect(text).toContain('naïve café — 漢字');
  });

  it('reads page sizes, the outline and the links of a PDF', async () => {
    const book = await waitForOutcome(app.db, bookOf('pdf'));
    expect(book.direction).toBe('ltr');
    const manifest = JSON.parse(await readFile(bookPaths(config.dataDir, book.id).manifest, 'utf8')) as BookManifest;
    expect(manifest.sizes.map((s) => [s.width, s.height])).toEqual([
      [595, 842],
      [595, 842],
      [842, 595],
      [595, 842],
      [595, 842],
    ]);
    expect(manifest.outline).toEqual([
      { title: 'Start', page: 1, items: [] },
      { title: 'Landscape', page: 3, items: [] },
    ]);
    const links = manifest.sizes[0]?.links ?? [];
    expect(links.map(({ url, page }) => ({ url, page }))).toEqual([
      { url: 'https://example.com/quire', page: undefined },
      { url: undefined, page: 2 },
    ]);
    // The web link's rectangle [56 752 300 792] on a 595×842 page, as fractions from the top left.
    expect(links[0]?.rect).toEqual([0.0941, 0.0594, 0.4101, 0.0475]);
    expect(manifest.sizes.slice(1).every((s) => s.links.length === 0)).toBe(true);
    // sizes.json (progressive reading: written once pdfinfo told them, before pages_done) holds the same sizes.
    const early = JSON.parse(await readFile(path.join(bookPaths(config.dataDir, book.id).dir, SIZES_FILE), 'utf8')) as BookSizes;
    expect(early).toEqual({ pages: 5, sizes: manifest.sizes.map(({ width, height }) => ({ width, height })) });
  });

  it('reads the right-to-left reading direction', async () => {
    const book = await waitForOutcome(app.db, bookOf('pdfRtl'));
    expect(book.direction).toBe('rtl');
    const manifest = JSON.parse(await readFile(bookPaths(config.dataDir, book.id).manifest, 'utf8')) as BookManifest;
    expect(manifest.direction).toBe('rtl');
  });
});

describe('documents that cannot convert', () => {
  it.each(FAILS)('%s → ERROR with its code, without retries', async (name) => {
    const book = await waitForOutcome(app.db, bookOf(name));
    expect({ status: book.status, code: book.error_code }).toEqual({ status: 'ERROR', code: docs[name].error });
    const job = await app.db.selectFrom('jobs').selectAll().where('book_id', '=', book.id).executeTakeFirstOrThrow();
    expect({ state: job.state, attempts: job.attempts }).toEqual({ state: 'failed', attempts: 1 });
    expect(existsSync(bookPaths(config.dataDir, book.id).manifest)).toBe(false);
  });
});

describe('a book deleted during its conversion', () => {
  it('stops converting it and leaves no files behind', async () => {
    const accountId = await insertAccount(app.db);
    const source = path.join(config.dataDir, 'deleted.pdf');
    await writeFile(source, makePdf({ pages: 150 }));
    const { bookId } = await insertBook(app.db, config.dataDir, accountId, { file: source, kind: 'pdf' });
    app.jobs.wake();
    await waitFor(async () => ((await getBook(app.db, bookId)).pages_done > 0 ? true : undefined), 60_000, 'the first pages');
    // What the books API does: the row (and with it the job) goes, then the folder.
    await app.db.deleteFrom('books').where('id', '=', bookId).execute();
    const dir = bookPaths(config.dataDir, bookId).dir;
    // The worker may still be writing into it: retry like a books API should (ENOTEMPTY).
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    const worker = app.jobs as Worker;
    await waitFor(async () => (worker.runner.active === 0 ? true : undefined), 30_000, 'the worker to give up');
    expect(existsSync(dir)).toBe(false);
    expect(await app.db.selectFrom('jobs').selectAll().where('book_id', '=', bookId).execute()).toEqual([]);
  });
});

describe('pageImage (WebP widths made on first request)', () => {
  it('makes a WebP page at an offered width once, then serves it from the cache', async () => {
    const book = await waitForOutcome(app.db, bookOf('pdf'));
    const paths = bookPaths(config.dataDir, book.id);
    expect(existsSync(pageWebp(paths.pages, 2480, 3))).toBe(false);
    const file = await pageImage(config, book.id, 3, 2480);
    expect(file).toBe(pageWebp(paths.pages, 2480, 3));
    const meta = await sharp(file as string).metadata();
    // Page 3 is landscape: 2480 wide, 595/842 of that high (the renderer rounds up).
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 2480,
      height: Math.ceil((2480 * 595) / 842),
    });
    const made = (await stat(file as string)).mtimeMs;
    const [again, parallel] = await Promise.all([pageImage(config, book.id, 3, 2480), pageImage(config, book.id, 3, 2480)]);
    expect([again, parallel]).toEqual([file, file]);
    expect((await stat(file as string)).mtimeMs).toBe(made);
    expect((await sharp((await pageImage(config, book.id, 1, PAGE_WIDTH)) as string).metadata()).width).toBe(PAGE_WIDTH);
    // The page-strip width comes from the normal JPEG (1240 × 1755 for a portrait A4 page).
    const small = await sharp((await pageImage(config, book.id, 2, PAGE_THUMB_WIDTH)) as string).metadata();
    expect({ format: small.format, width: small.width, height: small.height }).toEqual({
      format: 'webp',
      width: PAGE_THUMB_WIDTH,
      height: 339,
    });
  });

  it('answers null for widths, pages and books it does not have', async () => {
    const book = await waitForOutcome(app.db, bookOf('pdf'));
    expect(await pageImage(config, book.id, 1, 1000)).toBeNull();
    expect(await pageImage(config, book.id, 6, PAGE_WIDTH)).toBeNull();
    expect(await pageImage(config, book.id, 0, PAGE_WIDTH)).toBeNull();
    expect(await pageImage(config, 'no-such-book', 1, PAGE_WIDTH)).toBeNull();
    expect(await pageImage(config, '../etc', 1, PAGE_WIDTH)).toBeNull();
    const failed = await getBook(app.db, bookOf('corruptPdf'));
    expect(await pageImage(config, failed.id, 1, PAGE_WIDTH)).toBeNull();
  });
});
