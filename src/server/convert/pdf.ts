import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { documentError, isDeterministicFailure, toolError } from './errors';
import { describeFailure, runTool, runToolOk, type ToolLimits } from './tools';

/** Poppler steps of a conversion: page count and sizes, page renders, text. */

export interface PageBox {
  /** Displayed size in points (crop box, rotation applied). */
  width: number;
  height: number;
  /** Page rotation in degrees (0, 90, 180, 270). */
  rotate: number;
}

export interface PdfInfo {
  pages: number;
  sizes: PageBox[];
}

/**
 * Opens the PDF with pdfinfo: page count and displayed page sizes. Password-protected → ENCRYPTED,
 * unreadable → CORRUPT, no pages → NO_PAGES, more than maxPages → TOO_MANY_PAGES. A PDF encrypted
 * with an owner password only (permissions, no password to open it) reads fine and converts.
 */
export async function pdfInfo(pdf: string, maxPages: number, options: { signal?: AbortSignal; limits: ToolLimits }): Promise<PdfInfo> {
  const result = await runTool('pdfinfo', ['-f', '1', '-l', String(maxPages + 1), pdf], { ...options, maxStdout: 16 * 1024 * 1024 });
  const text = result.stdout.toString('utf8');
  if (result.code !== 0) {
    if (/Incorrect password/i.test(result.stderr)) throw documentError('ENCRYPTED', 'the PDF needs a password to open');
    if (/Invalid page count 0|Wrong page range/i.test(result.stderr)) throw documentError('NO_PAGES', 'the PDF has no pages');
    throw documentError('CORRUPT', `the PDF cannot be read: ${result.stderr.trim().split('\n').slice(-1)[0] ?? ''}`);
  }
  const pages = Number(/^Pages:\s+(\d+)/m.exec(text)?.[1] ?? '0');
  if (pages === 0) throw documentError('NO_PAGES', 'the PDF has no pages');
  if (pages > maxPages) throw documentError('TOO_MANY_PAGES', `the PDF has ${pages} pages (at most ${maxPages})`);
  const sizes: PageBox[] = [];
  for (const m of text.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)) {
    sizes[Number(m[1]) - 1] = { width: Number(m[2]), height: Number(m[3]), rotate: 0 };
  }
  for (const m of text.matchAll(/^Page\s+(\d+) rot:\s+(-?\d+)/gm)) {
    const box = sizes[Number(m[1]) - 1];
    if (box) box.rotate = (((Number(m[2]) % 360) + 360) % 360) as PageBox['rotate'];
  }
  // pdfinfo prints the crop box unrotated; the reader wants the page as displayed.
  const fallback = sizes.find(Boolean) ?? { width: 612, height: 792, rotate: 0 };
  const displayed = Array.from({ length: pages }, (_, i) => {
    const box = sizes[i] ?? fallback;
    return box.rotate % 180 === 0 ? { ...box } : { width: box.height, height: box.width, rotate: box.rotate };
  });
  return { pages, sizes: displayed };
}

/** The lanes a page range is split into: odd/even pairs, so pages 1, 2, 3… appear in order on two cores. */
export function renderLanes(pages: number, lanes: number): string[][] {
  if (lanes <= 1 || pages === 1) return [['-f', '1', '-l', String(pages)]];
  const chunks = Math.max(1, Math.floor(lanes / 2));
  const size = Math.ceil(pages / chunks);
  const out: string[][] = [];
  for (let first = 1; first <= pages; first += size) {
    const last = Math.min(pages, first + size - 1);
    out.push(['-f', String(first), '-l', String(last), '-o']);
    if (last > first) out.push(['-f', String(first), '-l', String(last), '-e']);
  }
  return out;
}

export interface RenderOptions {
  signal?: AbortSignal;
  limits: ToolLimits;
  /** Pixel width of the images (height follows the page's aspect). */
  width: number;
  /** Processes to split the pages over. */
  lanes: number;
  /** JPEG quality. */
  quality?: number;
  /**
   * With at most two lanes the renderer starts before the page count is known (pdfInfo may still be
   * running): each lane renders up to this page and pdftoppm stops at the document's last.
   */
  pageLimit?: number;
  /** Called when page n (1-based) is in place at `<outDir>/<n>.jpg`. */
  onPage?: (page: number) => void;
  /** Called when a lane (0-based) has rendered its pages, with its time in ms. */
  onLane?: (lane: number, ms: number) => void;
  /**
   * Where pdftoppm writes before each page is moved into place: a folder of this attempt, so the
   * tools of an earlier, killed attempt cannot write over this one's pages.
   */
  tmpDir?: string;
}

/** Pages rendered some other way than by scaling to the width, and pages that could not be rendered. */
export interface RenderReport {
  /** Rendered by resolution after the scaled render failed (see renderByResolution). */
  byResolution: number[];
  /** Not rendered at all: the caller puts a placeholder in their place. */
  failed: number[];
}

/** Largest side in pixels of a page rendered by the fallback (JPEG allows 65,535). */
const FALLBACK_MAX_SIDE = 10_000;
/** The bare renderer's own default resolution: the last try before a placeholder. */
const FALLBACK_DPI = 150;

/**
 * Renders every page to `<outDir>/<n>.jpg` with pdftoppm straight to JPEG (the renderer's own
 * encoder and scaling: encoding, not rendering, is what costs), split over `lanes` processes.
 *
 * A page the scaled render cannot draw (pdftoppm `-scale-to-x` gives up with "Could not write image"
 * on a 0×0 page box, on a page box so narrow that the scaled height overflows, on some damaged pages)
 * stops its process: the page is rendered again by resolution (renderByResolution) and the lane goes
 * on after it. What still fails is reported in `failed`, never retried: the same file fails the same
 * way. Only a process killed from outside (SIGKILL: out of memory, a time-out) fails the attempt, as a
 * transient error.
 */
export async function renderPages(
  pdf: string,
  document: PdfInfo | Promise<PdfInfo>,
  outDir: string,
  options: RenderOptions,
): Promise<RenderReport> {
  const info = Promise.resolve(document);
  await mkdir(outDir, { recursive: true });
  const tmp = options.tmpDir ?? path.join(outDir, '.tmp');
  await mkdir(tmp, { recursive: true });
  const prefix = path.join(tmp, 'r');
  const base = ['-q', '-progress', '-cropbox', '-scale-to-x', String(options.width), '-scale-to-y', '-1'];
  base.push('-jpeg', '-jpegopt', `quality=${options.quality ?? 85}`);
  const report: RenderReport = { byResolution: [], failed: [] };
  const done = new Set<number>();
  const fallback = async (page: number) => {
    const { sizes } = await info;
    const file = path.join(outDir, `${page}.jpg`);
    if (await renderByResolution(pdf, page, file, path.join(tmp, `f${page}`), { ...options, sizes })) {
      report.byResolution.push(page);
      done.add(page);
      options.onPage?.(page);
    } else report.failed.push(page);
  };
  const early = options.pageLimit !== undefined && options.lanes <= 2;
  const lanes = renderLanes(early ? (options.pageLimit as number) : (await info).pages, options.lanes);
  await Promise.all(
    lanes.map(async (lane, index) => {
      const started = performance.now();
      const [first, parity] = [Number(lane[1]), lane[4]];
      let last = Number(lane[3]);
      const step = parity ? 2 : 1;
      for (let from = first; from <= last; ) {
        // pdftoppm reports "<page> <last> <file>" on stderr once a page's file is written.
        const moves: Promise<void>[] = [];
        const result = await runTool(
          'pdftoppm',
          [...base, '-f', String(from), '-l', String(last), ...(parity ? [parity] : []), pdf, prefix],
          {
            signal: options.signal,
            limits: options.limits,
            onStderrLine: (line) => {
              const m = /^(\d+) \d+ (.+)$/.exec(line);
              if (!m) return;
              const page = Number(m[1]);
              const move = rename(m[2] as string, path.join(outDir, `${page}.jpg`)).then(() => {
                done.add(page);
                options.onPage?.(page);
              });
              move.catch(() => {}); // awaited below
              moves.push(move);
            },
          },
        );
        await Promise.all(moves);
        if (result.code === 0) break;
        if (!isDeterministicFailure(result)) throw toolError(describeFailure('pdftoppm', result), result);
        last = Math.min(last, (await info).pages);
        // The first page of this run's sequence (odd or even pages with -o / -e) without an image is
        // the one the renderer gave up on.
        let failed = parity && (from % 2 === 1) !== (parity === '-o') ? from + 1 : from;
        while (failed <= last && done.has(failed)) failed += step;
        if (failed > last) break;
        await fallback(failed);
        from = failed + step;
      }
      options.onLane?.(index, performance.now() - started);
    }),
  );
  // pdftoppm also skips a page it cannot draw and still exits 0.
  const { pages } = await info;
  for (let n = 1; n <= pages; n++) if (!done.has(n) && !report.failed.includes(n)) await fallback(n);
  report.failed.sort((a, b) => a - b);
  report.byResolution.sort((a, b) => a - b);
  return report;
}

/** Whether a displayed page box has an area worth drawing (at least 1 pt on each side). */
export const isDrawableBox = (box: { width: number; height: number } | undefined): boolean =>
  !!box && Number.isFinite(box.width) && Number.isFinite(box.height) && box.width >= 1 && box.height >= 1;

/**
 * The fallback for one page: pdftoppm by resolution, aiming at the normal width within
 * FALLBACK_MAX_SIDE pixels, then at the bare renderer's 150 dpi. Answers whether `<file>` is in place.
 */
export async function renderByResolution(
  pdf: string,
  page: number,
  file: string,
  tmpPrefix: string,
  options: { signal?: AbortSignal; limits: ToolLimits; width: number; quality?: number; sizes?: readonly PageBox[] },
): Promise<boolean> {
  const box = options.sizes?.[page - 1];
  const tries = [FALLBACK_DPI];
  if (box && isDrawableBox(box)) {
    const dpi = Math.min((options.width * 72) / box.width, (FALLBACK_MAX_SIDE * 72) / Math.max(box.width, box.height));
    tries.unshift(Math.max(1, Math.min(600, Math.round(dpi * 100) / 100)));
  }
  for (const dpi of [...new Set(tries)]) {
    const args = ['-q', '-cropbox', '-f', String(page), '-l', String(page), '-singlefile', '-r', String(dpi)];
    args.push('-jpeg', '-jpegopt', `quality=${options.quality ?? 85}`, pdf, tmpPrefix);
    const result = await runTool('pdftoppm', args, { signal: options.signal, limits: options.limits });
    if (!isDeterministicFailure(result) && result.code !== 0) throw toolError(describeFailure('pdftoppm', result), result);
    const written = await stat(`${tmpPrefix}.jpg`).then(
      (s) => s.size,
      () => 0,
    );
    if (result.code === 0 && written > 0) {
      await rename(`${tmpPrefix}.jpg`, file);
      return true;
    }
    await rm(`${tmpPrefix}.jpg`, { force: true });
  }
  return false;
}

/**
 * Renders one page, `width` pixels wide, to an uncompressed TIFF at `file` (the encoder's input: no
 * compression to pay for, and the server never holds the pixels).
 */
export async function renderPageTiff(
  pdf: string,
  page: number,
  width: number,
  file: string,
  options: { signal?: AbortSignal; limits: ToolLimits },
): Promise<void> {
  if (!file.endsWith('.tif')) throw new Error('renderPageTiff: the file must end in .tif');
  const args = ['-q', '-cropbox', '-f', String(page), '-l', String(page), '-singlefile', '-scale-to-x', String(width), '-scale-to-y', '-1'];
  args.push('-tiff', '-tiffcompression', 'none', pdf, file.slice(0, -'.tif'.length));
  await runToolOk('pdftoppm', args, options);
}

/**
 * Address-space limit of pdftotext (at most the configured one). It streams page by page: 2,000 pages
 * of dense text take ~25 MB; a document that needs more is pathological (text is a bonus, the book
 * converts without it), and must not hold GBs of the tools' memory budget.
 */
export const TEXT_MEMORY_BYTES = 512 * 1024 * 1024;

/**
 * Extracts the text of every page with one pdftotext process (pages end with a form feed) into
 * `<outDir>/<n>.txt`, streaming: one page's text at a time is held in memory.
 */
export async function extractText(
  pdf: string,
  pages: number,
  outDir: string,
  options: { signal?: AbortSignal; limits: ToolLimits; nice?: number },
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  let page = 1;
  let parts: Buffer[] = [];
  let writes: Promise<void> = Promise.resolve();
  const flush = (n: number, text: Buffer) => {
    writes = writes.then(() => writeFile(path.join(outDir, `${n}.txt`), text));
    // Awaited below; until then a failed write must not count as an unhandled rejection.
    writes.catch(() => {});
  };
  const result = await runTool('pdftotext', ['-q', '-enc', 'UTF-8', '-f', '1', '-l', String(pages), pdf, '-'], {
    signal: options.signal,
    nice: options.nice,
    limits: { ...options.limits, memoryBytes: Math.min(options.limits.memoryBytes, TEXT_MEMORY_BYTES) },
    onStdout: (chunk) => {
      let start = 0;
      for (let i = chunk.indexOf(0x0c); i !== -1; i = chunk.indexOf(0x0c, start)) {
        parts.push(chunk.subarray(start, i));
        if (page <= pages) flush(page, Buffer.concat(parts));
        parts = [];
        page += 1;
        start = i + 1;
      }
      if (start < chunk.length) parts.push(chunk.subarray(start));
    },
  });
  if (page <= pages && parts.length > 0) flush(page++, Buffer.concat(parts));
  await writes;
  if (result.code !== 0) throw toolError(describeFailure('pdftotext', result), result);
  // Pages pdftotext skipped (it should not) still get a file, so every page has text/<n>.txt.
  for (let n = page; n <= pages; n++) await writeFile(path.join(outDir, `${n}.txt`), '', { flag: 'a' });
}
