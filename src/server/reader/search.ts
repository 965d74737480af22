import type { FastifyInstance } from 'fastify';
import type { ReaderSearchHit, SearchRect } from '../../contracts/reader';
import type { ToolLimits } from '../convert/tools';
import { ensureWords, type PageWord, readPageWords } from '../convert/words';
import type { FileStore } from '../storage/index';
import { bookKeys, isSafeId } from '../storage/paths';
import { stored } from '../storage/serve';

type SearchApp = Pick<FastifyInstance, 'config' | 'storage'>;

/**
 * Search inside a publication (the reader's search panel): over text/<n>.txt, case- and
 * accent-insensitive ("ecole" finds "École"), one hit per page with the matches on it and an excerpt
 * of the original text around the first one.
 */
export const MAX_SEARCH_HITS = 200;
const EXCERPT_CHARS = 120;
/** Files read at once. */
const PARALLEL = 16;

/** A folded copy of `text` (lower case, no diacritics) and, per folded character, its offset in `text`. */
export function fold(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const ch of text) {
    const f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let i = 0; i < f.length; i++) origin.push(offset);
    folded += f;
    offset += ch.length;
  }
  return { folded, origin };
}

export const foldQuery = (q: string): string => fold(q.trim().replace(/\s+/g, ' ')).folded;

/** Whitespace runs (line breaks of the extraction) read as one space, in the text and the excerpt. */
const squash = (text: string) => text.replace(/\s+/g, ' ');

/** The matches of a folded query in one page's text, with the excerpt around the first. */
export function matchPage(text: string, query: string): { count: number; excerpt: string } | undefined {
  const flat = squash(text);
  const { folded, origin } = fold(flat);
  let count = 0;
  let first = -1;
  for (let at = folded.indexOf(query); at >= 0; at = folded.indexOf(query, at + query.length)) {
    if (first < 0) first = at;
    count += 1;
  }
  if (count === 0) return undefined;
  const start = origin[first] ?? 0;
  const end = first + query.length < origin.length ? (origin[first + query.length] ?? flat.length) : flat.length;
  const room = Math.max(0, EXCERPT_CHARS - (end - start));
  let from = Math.max(0, start - Math.floor(room / 2));
  const to = Math.min(flat.length, from + Math.max(EXCERPT_CHARS, end - start));
  from = Math.max(0, Math.min(from, to - EXCERPT_CHARS));
  // Whole words at the cut ends.
  let head = from;
  if (head > 0) {
    const space = flat.indexOf(' ', head);
    if (space >= 0 && space < start) head = space + 1;
  }
  let tail = to;
  if (tail < flat.length) {
    const space = flat.lastIndexOf(' ', tail);
    if (space > end) tail = space;
  }
  const excerpt = `${head > 0 ? '…' : ''}${flat.slice(head, tail).trim()}${tail < flat.length ? '…' : ''}`;
  return { count, excerpt };
}

/**
 * Page n's text ('' when it has none), from the file store (issue 19): this process's copy when it has
 * one (the converter's, right after extracting it), else the bucket; a store failure rejects
 * (StoreUnavailable).
 */
export async function readPageText(store: FileStore, bookId: string, page: number): Promise<string> {
  if (!isSafeId(bookId)) return '';
  return ((await stored(store.read(`${bookKeys(bookId).text}/${page}.txt`))) ?? Buffer.alloc(0)).toString('utf8');
}

/**
 * The book's word boxes in this process's data folder (issue 19): with a bucket, those another instance
 * stored are fetched; when there are none yet, document.pdf is fetched, they are derived here
 * (ensureWords) and stored for the other instances. False when there are none to be had.
 */
async function localWords(app: SearchApp, bookId: string, pages: number, limits: ToolLimits): Promise<boolean> {
  const store = app.storage;
  if (store.kind === 'local') return ensureWords(app.config.dataDir, bookId, pages, limits);
  const dir = `books/${bookId}/words`;
  if ((await stored(store.fetchTree(dir), 60_000)) > 0) return true;
  if (!(await stored(store.fetch(`books/${bookId}/document.pdf`), 120_000))) return false;
  if (!(await ensureWords(app.config.dataDir, bookId, pages, limits))) return false;
  await stored(store.putTree(dir), 60_000);
  return true;
}

/** Rectangles drawn for one page at most (a word on every line of a dense page is still readable). */
export const MAX_PAGE_RECTS = 100;

/**
 * Where a folded query stands on a page, from its words (convert/words.ts): the words joined by one
 * space are folded like the text, so "ecole" still finds "l'École" and a phrase may run across
 * lines. A match covering part of a word gets that share of the word's width (by characters); the
 * pieces of one match on one line become one rectangle.
 */
export function matchRects(words: PageWord[], query: string): SearchRect[] {
  if (!query) return [];
  let joined = '';
  /** Per folded character: its word and its offset in that word's folded text. */
  const at: [number, number][] = [];
  const lengths: number[] = [];
  words.forEach(([text], i) => {
    if (i > 0) {
      joined += ' ';
      at.push([i - 1, lengths[i - 1] ?? 0]);
    }
    const f = fold(text).folded;
    lengths.push(f.length);
    for (let k = 0; k < f.length; k++) at.push([i, k]);
    joined += f;
  });
  const rects: SearchRect[] = [];
  for (let pos = joined.indexOf(query); pos >= 0 && rects.length < MAX_PAGE_RECTS; pos = joined.indexOf(query, pos + query.length)) {
    const [w0, c0] = at[pos] as [number, number];
    const [w1, c1] = at[pos + query.length - 1] as [number, number];
    let line: SearchRect | null = null;
    for (let w = w0; w <= w1; w++) {
      const [, x, y, ww, wh] = words[w] as PageWord;
      const len = lengths[w] || 1;
      const from = w === w0 ? c0 / len : 0;
      const to = w === w1 ? (c1 + 1) / len : 1;
      if (to <= from) continue;
      const piece: SearchRect = [x + ww * from, y, ww * (to - from), wh];
      // Same line: the vertical middles are within half a word's height.
      if (line && Math.abs(line[1] + line[3] / 2 - (y + wh / 2)) < wh / 2 && piece[0] >= line[0]) {
        const right = piece[0] + piece[2];
        const top = Math.min(line[1], y);
        line = [line[0], top, right - line[0], Math.max(line[1] + line[3], y + wh) - top];
        rects[rects.length - 1] = line;
      } else {
        line = piece;
        rects.push(piece);
      }
    }
  }
  return rects.slice(0, MAX_PAGE_RECTS).map((r) => r.map((n) => Math.round(n * 10_000) / 10_000) as SearchRect);
}

/**
 * Searches pages 1…pages in order; stops at MAX_SEARCH_HITS pages with matches. With `limits` (the
 * conversion tools' limits), each hit also carries the rectangles of its matches on the page image.
 */
export async function searchBook(
  app: SearchApp,
  bookId: string,
  pages: number,
  q: string,
  limits?: ToolLimits,
): Promise<ReaderSearchHit[]> {
  const query = foldQuery(q);
  const hits: ReaderSearchHit[] = [];
  if (query === '') return hits;
  const haveWords = limits && isSafeId(bookId) ? localWords(app, bookId, pages, limits) : Promise.resolve(false);
  // Answered (false) even when the search stops early on a failure of the texts.
  haveWords.catch(() => undefined);
  for (let first = 1; first <= pages && hits.length < MAX_SEARCH_HITS; first += PARALLEL) {
    const batch = Array.from({ length: Math.min(PARALLEL, pages - first + 1) }, (_, i) => first + i);
    const texts = await Promise.all(batch.map((page) => readPageText(app.storage, bookId, page)));
    texts.forEach((text, i) => {
      const found = hits.length < MAX_SEARCH_HITS ? matchPage(text, query) : undefined;
      if (found) hits.push({ page: batch[i] as number, ...found });
    });
  }
  if (hits.length === 0 || !(await haveWords)) return hits;
  for (let first = 0; first < hits.length; first += PARALLEL) {
    const batch = hits.slice(first, first + PARALLEL);
    const words = await Promise.all(batch.map((hit) => readPageWords(app.config.dataDir, bookId, hit.page)));
    batch.forEach((hit, i) => {
      const rects = matchRects(words[i] ?? [], query);
      if (rects.length > 0) hit.rects = rects;
    });
  }
  return hits;
}
