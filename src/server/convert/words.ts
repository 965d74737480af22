import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
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

/**
 * One pattern for everything the parser reads (a page's start and end, a word), matched over whole
 * chunks of lines: splitting 40 MB of XHTML (1,000 dense pages) into line strings and trying two
 * patterns on each cost ~3× the CPU. pdftotext writes one element a line; `.` stops at the line's end.
 */
const BBOX_RE =
  /<page width="([\d.]+)" height="([\d.]+)"|<\/page>|<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*)<\/word>/g;

/** A streaming reader of pdftotext's -bbox XHTML: one page's words at a time. */
export function bboxParser(onPage: (words: PageWord[]) => void): {
  chunk: (text: string) => void;
  end: () => void;
  line: (line: string) => void;
} {
  let w = 1;
  let h = 1;
  let open = false;
  let words: PageWord[] = [];
  let rest = '';
  const lines = (text: string) => {
    BBOX_RE.lastIndex = 0;
    for (let m = BBOX_RE.exec(text); m; m = BBOX_RE.exec(text)) {
      if (m[1] !== undefined) {
        w = Number(m[1]) || 1;
        h = Number(m[2]) || 1;
        open = true;
        words = [];
      } else if (m[3] === undefined) {
        if (open) onPage(words);
        open = false;
      } else if (open) {
        const x0 = Number(m[3]);
        const y0 = Number(m[4]);
        const raw = m[7] as string;
        const text = raw.includes('&') ? decodeEntities(raw) : raw;
        if (text) words.push([text, round(x0 / w), round(y0 / h), round((Number(m[5]) - x0) / w), round((Number(m[6]) - y0) / h)]);
      }
    }
  };
  return {
    /** Any piece of the output: complete lines are read, the rest waits for the next piece. */
    chunk(text: string) {
      const joined = rest + text;
      const end = joined.lastIndexOf('\n');
      if (end === -1) {
        rest = joined;
        return;
      }
      rest = joined.slice(end + 1);
      lines(joined.slice(0, end));
    },
    /** The output ended: its last line (without a newline) is read too. */
    end() {
      const last = rest;
      rest = '';
      if (last) lines(last);
    },
    /** One complete line. */
    line(line: string) {
      lines(line);
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
  options: { signal?: AbortSignal; limits: ToolLimits; replace?: boolean; nice?: number },
): Promise<void> {
  // A `tmp-` name beside it: the conversion clears such leftovers of a killed process (clearOutputs).
  const tmp = path.join(path.dirname(outDir), `tmp-words-${randomBytes(6).toString('hex')}`);
  await mkdir(tmp, { recursive: true });
  try {
    let page = 0;
    // A chunk may end inside a character: the decoder keeps its first bytes for the next one.
    const decoder = new StringDecoder('utf8');
    let writes: Promise<unknown> = Promise.resolve();
    const parser = bboxParser((words) => {
      page += 1;
      if (page > pages) return;
      const file = path.join(tmp, `${page}.json`);
      writes = writes.then(() => writeFile(file, JSON.stringify(words)));
      writes.catch(() => {}); // awaited below
    });
    const result = await runTool('pdftotext', ['-q', '-bbox', '-cropbox', '-enc', 'UTF-8', '-f', '1', '-l', String(pages), pdf, '-'], {
      signal: options.signal,
      nice: options.nice,
      limits: { ...options.limits, memoryBytes: Math.min(options.limits.memoryBytes, WORDS_MEMORY_BYTES) },
      onStdout: (chunk) => parser.chunk(decoder.write(chunk)),
    });
    parser.chunk(decoder.end());
    parser.end();
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
