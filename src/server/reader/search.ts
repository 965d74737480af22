import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReaderSearchHit } from '../../contracts/reader';
import { bookPaths } from '../storage/paths';

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

export async function readPageText(dataDir: string, bookId: string, page: number): Promise<string> {
  return readFile(path.join(bookPaths(dataDir, bookId).text, `${page}.txt`), 'utf8').catch(() => '');
}

/** Searches pages 1…pages in order; stops at MAX_SEARCH_HITS pages with matches. */
export async function searchBook(dataDir: string, bookId: string, pages: number, q: string): Promise<ReaderSearchHit[]> {
  const query = foldQuery(q);
  const hits: ReaderSearchHit[] = [];
  if (query === '') return hits;
  for (let first = 1; first <= pages && hits.length < MAX_SEARCH_HITS; first += PARALLEL) {
    const batch = Array.from({ length: Math.min(PARALLEL, pages - first + 1) }, (_, i) => first + i);
    const texts = await Promise.all(batch.map((page) => readPageText(dataDir, bookId, page)));
    texts.forEach((text, i) => {
      const found = hits.length < MAX_SEARCH_HITS ? matchPage(text, query) : undefined;
      if (found) hits.push({ page: batch[i] as number, ...found });
    });
  }
  return hits;
}
