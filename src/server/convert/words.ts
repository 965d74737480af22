import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bookPaths } from '../storage/paths';
import { runTool, type ToolLimits } from './tools';

/**
 * Word boxes of every page (the reader draws search highlights over the page images):
 * `files/books/<id>/words/<n>.json` = `[[text, left, top, width, height], …]` in reading order, the
 * rectangle in fractions of the displayed page (origin top left, like PageLinkArea.rect). Made by one
 * `pdftotext -bbox -cropbox` process at conversion time, and on the first search of a book converted
 * before word boxes existed (then kept). The folder appears whole (written aside, then renamed), so
 * its presence means every page is there. Cost, measured on the bench's dense 100-page PDF (~800 words
 * a page): pdftotext -bbox 0.27 s CPU (plain pdftotext 0.11 s), ~30 KB of JSON a page.
 */
export type PageWord = [text: string, left: number, top: number, width: number, height: number];

export const wordsDir = (dataDir: string, bookId: string) => path.join(bookPaths(dataDir, bookId).dir, 'words');

/**
 * Address-space limit of pdftotext -bbox (at most the configured one). Unlike plain pdftotext it grows
 * with the document, ~65 KB a page of dense text (130 MB for 2,000 pages): 1 GB leaves room for
 * denser ones, and word boxes are a bonus (a document that needs more converts without them).
 */
const WORDS_MEMORY_BYTES = 1024 * 1024 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(Number(e[1] === 'x' || e[1] === 'X' ? `0${e.slice(1)}` : e.slice(1)))
      : (ENTITIES[e.toLowerCase()] ?? ''),
  );

/** 4 decimals: a tenth of a pixel on a 2480-px page, and small files. */
const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

const PAGE_RE = /<page width="([\d.]+)" height="([\d.]+)"/;
const WORD_RE = /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*)<\/word>/;

/** A line-by-line reader of pdftotext's -bbox XHTML: one page's words at a time. */
export function bboxParser(onPage: (words: PageWord[]) => void): { line: (line: string) => void } {
  let size: { w: number; h: number } | null = null;
  let words: PageWord[] = [];
  return {
    line(line: string) {
      const page = PAGE_RE.exec(line);
      if (page) {
        size = { w: Number(page[1]) || 1, h: Number(page[2]) || 1 };
        words = [];
        return;
      }
      if (line.includes('</page>')) {
        if (size) onPage(words);
        size = null;
        return;
      }
      const m = size ? WORD_RE.exec(line) : null;
      if (!m || !size) return;
      const [x0, y0, x1, y1] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
      const text = decodeEntities(m[5] ?? '');
      if (text) words.push([text, round(x0 / size.w), round(y0 / size.h), round((x1 - x0) / size.w), round((y1 - y0) / size.h)]);
    },
  };
}

/**
 * Writes words/<n>.json for pages 1…pages from the PDF (streaming: one page's words in memory).
 * Pages pdftotext skipped get an empty list. Replaces an existing folder when `replace` is set.
 */
export async function extractWords(
  pdf: string,
  pages: number,
  outDir: string,
  options: { signal?: AbortSignal; limits: ToolLimits; replace?: boolean },
): Promise<void> {
  // A `tmp-` name beside it: the conversion clears such leftovers of a killed process (clearOutputs).
  const tmp = path.join(path.dirname(outDir), `tmp-words-${randomBytes(6).toString('hex')}`);
  await mkdir(tmp, { recursive: true });
  try {
    let page = 0;
    let writes: Promise<unknown> = Promise.resolve();
    const parser = bboxParser((words) => {
      page += 1;
      if (page > pages) return;
      const file = path.join(tmp, `${page}.json`);
      writes = writes.then(() => writeFile(file, JSON.stringify(words)));
      writes.catch(() => {}); // awaited below
    });
    let rest = '';
    const result = await runTool('pdftotext', ['-q', '-bbox', '-cropbox', '-enc', 'UTF-8', '-f', '1', '-l', String(pages), pdf, '-'], {
      signal: options.signal,
      limits: { ...options.limits, memoryBytes: Math.min(options.limits.memoryBytes, WORDS_MEMORY_BYTES) },
      onStdout: (chunk) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) parser.line(line);
      },
    });
    if (rest) parser.line(rest);
    await writes;
    if (result.code !== 0)
      throw new Error(`pdftotext -bbox exited with ${result.code ?? result.signal}: ${result.stderr.trim().slice(-300)}`);
    for (let n = page + 1; n <= pages; n++) await writeFile(path.join(tmp, `${n}.json`), '[]');
    if (options.replace) await rm(outDir, { recursive: true, force: true });
    try {
      await rename(tmp, outDir);
    } catch (error) {
      // Another search made the same folder first: theirs is as good as ours.
      if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Derivations running now, so simultaneous first searches of one book share one pdftotext. */
const deriving = new Map<string, Promise<void>>();

/**
 * The word boxes of a book, derived from its PDF on first use when the conversion did not make them
 * (books converted before). Resolves false when they cannot be had (no PDF, the tool failed).
 */
export async function ensureWords(dataDir: string, bookId: string, pages: number, limits: ToolLimits): Promise<boolean> {
  const dir = wordsDir(dataDir, bookId);
  if (await exists(dir)) return true;
  let pending = deriving.get(dir);
  if (!pending) {
    pending = extractWords(bookPaths(dataDir, bookId).pdf, pages, dir, { limits }).finally(() => deriving.delete(dir));
    deriving.set(dir, pending);
  }
  return pending.then(
    () => true,
    () => false,
  );
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/** One page's words ([] when missing or unreadable). */
export async function readPageWords(dataDir: string, bookId: string, page: number): Promise<PageWord[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(wordsDir(dataDir, bookId), `${page}.json`), 'utf8'));
    return Array.isArray(parsed) ? (parsed as PageWord[]) : [];
  } catch {
    return [];
  }
}
