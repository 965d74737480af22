import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { type BookManifest, PAGE_WIDTH, pageImage, pageJpeg } from '../../src/server/convert/index';
import { macroFreeProfile } from '../../src/server/convert/office';
import { ContentSniffer, detectKind } from '../../src/server/publish/detect';
import { bookKeys, bookPaths, THUMB_SIZES, THUMB_WIDTHS } from '../../src/server/storage/paths';
import { insertAccount, insertBook, waitForOutcome } from './fixtures/books';
import { type Corpus, type CorpusDoc, corpus, officeScript } from './fixtures/corpus';
import { tempDir, testConfig } from './helpers';
import { makeOle } from './publish-support';

/**
 * The regression corpus (fixtures/corpus.ts) through the real worker of the app — kept-warm
 * LibreOffice, Poppler, qpdf, sharp — each document with its exact outcome: DONE with its pages (and
 * the warnings of what could not be drawn), or ERROR with its code, in one attempt. SQLite only: the
 * conversion does not depend on the database.
 */
const run = promisify(execFile);

/** Every document of the corpus, each a test of its own. */
const NAMES = [
  'zero-box',
  'zero-first',
  'narrow',
  'huge',
  'rotated-mixed',
  'bad-xref',
  'broken-streams',
  'jpx',
  'jbig2',
  'type3',
  'empty-user-password',
  'user-password',
  'secret-docx',
  'secret-doc',
  'secret-odt',
  'secret-xls',
  'base-xls',
  'macro-odt',
  'macro-docm',
  'macro-xlsm',
  'macro-pptm',
  'embedded-odt',
  'embedded-docx',
  'embedded-doc',
  'empty-xlsx',
  'empty-ods',
  'rtl-docx',
  'rtl-odt',
];

let app: FastifyInstance;
let config: Config;
let set: Corpus;
const books = new Map<string, string>();

beforeAll(async () => {
  set = await corpus(makeOle(['PROJECT', 'PROJECTwm', 'VBA']));
  config = await testConfig('sqlite', { QUIRE_CONVERT_CONCURRENCY: '2' });
  app = await buildApp(config);
  await app.ready();
  const accountId = await insertAccount(app.db);
  for (const doc of set.docs) books.set(doc.name, (await insertBook(app.db, config.dataDir, accountId, doc)).bookId);
  app.jobs.wake();
}, 240_000);

afterAll(async () => {
  await app?.close();
  if (config) await rm(config.dataDir, { recursive: true, force: true });
});

const manifestOf = async (bookId: string) => JSON.parse(await readFile(bookPaths(config.dataDir, bookId).manifest, 'utf8')) as BookManifest;

describe('the regression corpus', () => {
  it('is what it claims: each file is recognised as its kind, and the image encodings are there', async () => {
    expect(set.docs.map((d) => d.name).sort()).toEqual([...NAMES].sort());
    for (const doc of set.docs) {
      const data = await readFile(doc.file);
      const sniffer = new ContentSniffer();
      sniffer.push(data);
      expect({ doc: doc.name, detected: await detectKind(doc.file, sniffer, doc.upload) }).toEqual({
        doc: doc.name,
        detected: { ok: true, kind: doc.kind },
      });
      if (doc.images) {
        const { stdout } = await run('pdfimages', ['-list', doc.file]);
        for (const encoding of doc.images) expect(stdout, doc.name).toContain(` ${encoding} `);
      }
    }
  });

  it.each(NAMES)(
    '%s → its outcome, in one attempt',
    async (name) => {
      const doc = set.docs.find((d) => d.name === name) as CorpusDoc;
      const bookId = books.get(name) as string;
      const book = await waitForOutcome(app.db, bookId, 180_000);
      const job = await app.db.selectFrom('jobs').selectAll().where('book_id', '=', bookId).executeTakeFirstOrThrow();
      // Deterministic failures are not retried: every outcome comes from the first attempt.
      expect({ attempts: job.attempts, error: job.state === 'failed' ? job.last_error : null }).toMatchObject({ attempts: 1 });
      const paths = bookPaths(config.dataDir, bookId);
      if ('error' in doc.expect) {
        expect({ status: book.status, code: book.error_code }).toEqual({ status: 'ERROR', code: doc.expect.error });
        return;
      }
      const want = doc.expect;
      expect({ status: book.status, code: book.error_code, last: job.last_error }).toEqual({ status: 'DONE', code: null, last: null });
      expect(book.pages_total).toBe(want.pages);
      expect(book.pages_done).toBe(want.pages);
      const manifest = await manifestOf(bookId);
      expect(manifest.pages).toBe(want.pages);
      // Every page has its normal image, and the book its thumbnails.
      for (let n = 1; n <= want.pages; n++) {
        const meta = await sharp(pageJpeg(paths.pages, PAGE_WIDTH, n)).metadata();
        expect(meta.format, `page ${n}`).toBe('jpeg');
      }
      for (const size of THUMB_SIZES) expect((await sharp(paths.thumb(size)).metadata()).width).toBe(THUMB_WIDTHS[size]);
      // Every page has a usable size (the reader divides by it).
      for (const s of manifest.sizes) expect(s.width > 0 && s.height > 0).toBe(true);
      if (want.sizes) expect(manifest.sizes.map((s) => [s.width, s.height])).toEqual(want.sizes);
      if (want.outline !== undefined) expect(manifest.outline).toHaveLength(want.outline);
      const warnings = Object.fromEntries((manifest.warnings ?? []).map((w) => [w.code, w.pages ?? true]));
      expect(warnings).toEqual(want.warnings ?? {});
      if (doc.word) {
        const texts = await Promise.all(
          Array.from({ length: want.pages }, (_, i) => readFile(path.join(paths.text, `${i + 1}.txt`), 'utf8')),
        );
        expect(texts.join('\n')).toContain(doc.word);
      }
      // Macros are neither kept nor served: the original goes once converted, the PDF stays.
      expect(existsSync(paths.source)).toBe(!doc.macros);
      expect(existsSync(paths.pdf)).toBe(true);
      // …in the store too (the store's own view of the book's files).
      const stored = (await app.storage.list(bookKeys(bookId).dir)).map((item) => item.key);
      expect(stored.includes(bookKeys(bookId).source)).toBe(!doc.macros);
      expect(stored).toContain(bookKeys(bookId).pdf);
      expect(stored).toContain(bookKeys(bookId).manifest);
      expect((await readdir(paths.dir)).filter((f) => f.startsWith('tmp-'))).toEqual([]);
    },
    200_000,
  );

  it('draws a page the scaled render cannot draw by resolution, and every width of a placeholder page', async () => {
    const narrow = books.get('narrow') as string;
    await waitForOutcome(app.db, narrow, 180_000);
    const image = await sharp(pageJpeg(bookPaths(config.dataDir, narrow).pages, PAGE_WIDTH, 2)).metadata();
    // 1 × 14400 pt at the resolution that keeps the longest side within 10,000 px.
    expect([image.width, image.height]).toEqual([1, 10_000]);
    const zero = books.get('zero-box') as string;
    await waitForOutcome(app.db, zero, 180_000);
    const placeholder = await sharp(pageJpeg(bookPaths(config.dataDir, zero).pages, PAGE_WIDTH, 2)).metadata();
    expect([placeholder.width, placeholder.height]).toEqual([PAGE_WIDTH, Math.round((PAGE_WIDTH * 842) / 595)]);
    // The WebP widths of such pages come from the kept image (the renderer would fail again).
    for (const width of [240, 1240, 2480]) {
      const file = await pageImage(config, zero, 2, width);
      expect((await sharp(file as string).metadata()).width).toBe(width);
    }
  });

  it('never runs macros: not in the converter, and not in a profile prepared like the converter’s', async () => {
    // The macro is live: LibreOffice runs it when allowed (checked while the corpus was made)…
    expect(set.macroLive).toBe(true);
    // …the conversions above did not run it…
    await waitForOutcome(app.db, books.get('macro-odt') as string, 180_000);
    expect(existsSync(set.marker)).toBe(false);
    // …and a profile with the converter's settings refuses it even when the load asks for it.
    const profile = path.join(await tempDir('quire-macro-'), 'profile');
    macroFreeProfile(profile);
    const { macroRan } = await officeScript(profile, set.dir, set.marker, true);
    expect(macroRan).toBe(false);
    expect(existsSync(set.marker)).toBe(false);
  }, 120_000);
});
