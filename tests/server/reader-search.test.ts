import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReaderSearchHit } from '../../src/contracts/reader';
import { extractWords, type PageWord, wordsDir } from '../../src/server/convert/words';
import { bookPaths } from '../../src/server/storage/paths';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { makePdf } from './fixtures/pdf';
import { DIALECTS } from './helpers';
import { makeBook, makeReaderPublicDir } from './reader-support';

/**
 * Search highlights: the search answer carries, per hit, the rectangles of the matches on the page
 * image, from word boxes made at conversion or derived from the PDF on the first search.
 * The PDF of tests/server/fixtures/pdf.ts writes "Page <n> École" at 28 pt from x = 56 pt, y ≈ 60 pt.
 */
describe.each(DIALECTS)('reader search highlights on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_DIR: publicDir, QUIRE_CONVERT_CONCURRENCY: '0' } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  let bookId = '';
  let noPdf = '';

  beforeAll(async () => {
    const owner = await signedIn(ctx, 'search-owner');
    bookId = await makeBook(ctx.app, owner.content.account.id, {
      pages: 3,
      texts: ['Page 1 École 1. Quire turns', 'Page 2 École', 'Page 3 École'],
    });
    // The hand-made book's PDF, now with the accented word (the text files above say the same).
    await writeFile(bookPaths(ctx.app.config.dataDir, bookId).pdf, makePdf({ pages: 3, lines: 2, word: 'École' }));
    noPdf = await makeBook(ctx.app, owner.content.account.id, { pages: 1, texts: ['École sans PDF'] });
    await rm(bookPaths(ctx.app.config.dataDir, noPdf).pdf);
  });

  const search = async (id: string, q: string) =>
    (await call(ctx.app, `/public/book/search?id=${id}&q=${encodeURIComponent(q)}`)).json().content as ReaderSearchHit[];

  it('derives the word boxes of an older book on its first search and answers the rectangles, accent-insensitive', async () => {
    const dir = wordsDir(ctx.app.config.dataDir, bookId);
    await expect(stat(dir)).rejects.toThrow();
    const hits = await search(bookId, 'ecole');
    expect(hits.map((h) => h.page)).toEqual([1, 2, 3]);
    expect((await readdir(dir)).sort()).toEqual(['1.json', '2.json', '3.json']);
    for (const hit of hits) {
      expect(hit.rects).toHaveLength(1);
      const [x, y, w, hgt] = hit.rects?.[0] ?? [0, 0, 0, 0];
      // "École" follows "Page n " on the title line: about 152–223 pt of 595, 60–86 pt of 842.
      expect(x).toBeCloseTo(152.5 / 595, 2);
      expect(y).toBeCloseTo(59.9 / 842, 2);
      expect(x + w).toBeCloseTo(222.5 / 595, 2);
      expect(hgt).toBeCloseTo(25.9 / 842, 2);
    }
  });

  it('marks part of a word and a phrase across words as one rectangle per line', async () => {
    const [part] = await search(bookId, 'COLE');
    const [whole] = await search(bookId, 'école');
    const p = part?.rects?.[0] ?? [0, 0, 0, 0];
    const w = whole?.rects?.[0] ?? [0, 0, 0, 0];
    // 4 of the 5 letters, at the word's end.
    expect(p[2]).toBeCloseTo((w[2] * 4) / 5, 3);
    expect(p[0] + p[2]).toBeCloseTo(w[0] + w[2], 3);
    const [phrase] = await search(bookId, '1. quire turns');
    expect(phrase?.page).toBe(1);
    expect(phrase?.rects).toHaveLength(1);
    const [x, , width] = phrase?.rects?.[0] ?? [0, 0, 0, 0];
    expect(x).toBeCloseTo(56 / 595, 2);
    expect(x + width).toBeCloseTo(116.6 / 595, 2);
  });

  it('still answers the hits without rectangles when the PDF is gone', async () => {
    const hits = await search(noPdf, 'ecole');
    expect(hits).toEqual([{ page: 1, count: 1, excerpt: 'École sans PDF' }]);
  });

  it('extracts the word boxes of every page, pages beyond the text empty', async () => {
    const pdf = bookPaths(ctx.app.config.dataDir, bookId).pdf;
    const out = path.join(path.dirname(pdf), 'words-test');
    await extractWords(pdf, 3, out, { limits: { memoryBytes: 1024 ** 3, timeoutMs: 30_000 } });
    const page2 = JSON.parse(await readFile(path.join(out, '2.json'), 'utf8')) as PageWord[];
    expect(page2.slice(0, 3).map((w) => w[0])).toEqual(['Page', '2', 'École']);
    for (const [, ...rect] of page2) for (const n of rect) expect(n >= 0 && n <= 1).toBe(true);
    // Replacing keeps one whole folder, no leftovers beside it.
    await extractWords(pdf, 3, out, { limits: { memoryBytes: 1024 ** 3, timeoutMs: 30_000 }, replace: true });
    expect((await readdir(path.dirname(out))).filter((n) => n.startsWith('tmp-words'))).toEqual([]);
  });
});
