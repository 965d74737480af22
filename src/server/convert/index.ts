/**
 * Conversion of a book's source into what the reader and the lists show (files/books/<id>/…, see
 * storage/paths.ts). One attempt of a `convert` job (src/server/jobs runs, retries and times it):
 *
 *   source ──(office kinds, txt, rtf: LibreOffice, kept warm)──► document.pdf
 *     ├─ pdfinfo                                 → page count, sizes (the renderer does not wait for it),
 *     │                                            sizes.json at once (the reader of a converting book)
 *     ├─ pdftoppm, 2 processes (odd/even pages)  → pages/1240/<n>.jpg   normal view; pages_done grows
 *     ├─ page 1's JPEG → encoder (sharp, child)   → thumbs/{small,medium,large}.webp
 *     ├─ pdftotext (one process, split on \f)    → text/<n>.txt, then the search index's documents
 *     │                                            (search/repo.ts; found once the book is DONE)
 *     ├─ pdftotext -bbox (one process)           → words/<n>.json  word boxes of the search highlights
 *     └─ qpdf --json                             → outline, links, reading direction
 *   manifest.json (page sizes, outline, links, direction, warnings), then status DONE. The side
 *   stages' tools (text, word boxes, structure) run at nice SIDE_NICE: the renderer's lanes fill the
 *   cores, and every CPU-second elsewhere is one the lanes wait for. Each stage's span carries the CPU
 *   of the tools it ran (stages.ts), `npm run bench` the conversion's whole CPU (server and tools).
 *   Plain text and word boxes stay two pdftotext passes (0.26 + 0.57 s CPU on 1,000 pages): the word
 *   list (-bbox, -bbox-layout, -tsv) does not say where pdftotext's plain text puts spaces (words split
 *   at a font change have none), joins hyphenated lines or reorders right-to-left runs, so text made
 *   from it would differ from what the reader's text view and the search show today.
 *   A page pdftoppm cannot draw at the width is drawn by resolution (pdf.ts), one nothing can draw gets
 *   a placeholder (images.ts); text, outline and links are bonuses. Each shortfall is a warning in the
 *   manifest, and the book is DONE: the same file would fail the same way on every retry.
 *   WebP pages at 240 / 620 / 1240 / 2480 px: made on first request by `pageImage` (images.ts), then cached.
 *
 * Why this shape (measured on this 2-core machine with the 100-page text PDF of the bench, page width
 * 1240 px; CPU seconds, since other work shared the machine and made wall-clock times noisy):
 *   - bare `pdftoppm -jpeg` at 1240 px, one process: 2.7–3.4 s CPU (~30 ms a page), 2.7–3.9 s wall;
 *   - the same split odd/even over two processes: +0.2 s CPU, ~1.9× faster on two idle cores;
 *   - pdftotext 0.15 s; qpdf --json 0.02 s; page thumbnails at 240 px with the renderer 0.26 s;
 *   - WebP with sharp, per 1240-px page: effort 0 ~150 ms, effort 2 ~340 ms, effort 4 ~720 ms (2480 px:
 *     750 / 1280 / 1720 ms), i.e. 5–25× the cost of rendering the page.
 *   Eager WebP pages would make the pipeline several times slower than the bare renderer, so pages
 *   come straight from the renderer as JPEG and WebP widths are made lazily, one page when a reader
 *   first asks for it (240 px: ~10 ms from the JPEG; 1240/2480 px: ~0.3–1.5 s), then cached. Eager
 *   page thumbnails were dropped too (they cost 6% and the 240-px WebP comes from the JPEG cheaply).
 *   Measured through the API (upload → DONE), best of 3, next to the bare renderer in the same run:
 *   pipeline 2.2 s (45 pages/s) against 3.1 s for the bare renderer, ratio 0.72, with other test
 *   suites loading the machine (load average 4–5); its CPU: 3.6–4.3 s in the tools + 0.5–0.7 s in the
 *   server (spawns, sharp for the book thumbnails, the client's polling). `npm run bench` reports the
 *   ratio of each run.
 */
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type ConversionErrorCode, DOCUMENT_KINDS, type DocumentKind } from '../../contracts/books';
import type { Config } from '../config';
import type { Database, JobRow } from '../db/schema';
import { type OfficeTraits, officeTraits } from '../publish/detect';
import { indexBook } from '../search/repo';
import type { FileStore } from '../storage/index';
import { bookPaths } from '../storage/paths';
import { ConversionError, documentError } from './errors';
import { makeBookThumbs, PAGE_WEBP_WIDTHS, PAGE_WIDTH, pageJpeg, writePlaceholderPage } from './images';
import { type BookManifest, type BookSizes, type ConversionWarning, SIZES_FILE } from './manifest';
import type { OfficeConverter } from './office';
import { extractText, isDrawableBox, type PageBox, type PdfInfo, pdfInfo, renderPages } from './pdf';
import { StageTimes } from './stages';
import { type PdfStructure, readStructure } from './structure';
import { type ToolLimits, untilAborted } from './tools';
import { extractWords } from './words';

export { ConversionError } from './errors';
export { PAGE_SMALL_WIDTH, PAGE_THUMB_WIDTH, PAGE_WEBP_WIDTHS, PAGE_WIDTH, PAGE_ZOOM_WIDTH, pageImage, pageJpeg, pageWebp } from './images';
export type { BookManifest, BookSizes, ConversionWarning } from './manifest';
export { SIZES_FILE } from './manifest';
export { OfficeConverter } from './office';

export interface ConvertDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'dataDir' | 'convert'>;
  /**
   * Where the source is fetched from and every output is stored (src/server/storage): a worker on
   * another machine converts in its own data folder (the S3 store's cache) and the app instances read
   * the result from the bucket.
   */
  storage: FileStore;
  /**
   * Forget this process's local copies of the book once its outputs are stored (S3 store): a worker
   * process serves nothing, so its cache need not keep sources, PDFs and pages. The in-process worker
   * of a server keeps them (the same process serves them next).
   */
  dropLocal?: boolean;
  office: OfficeConverter;
  clock: () => number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /**
   * The book reached DONE: called in the transaction that writes it (the API webhooks queue
   * publication.converted there, src/server/api-keys/webhooks.ts); `after` once it committed.
   */
  converted?: { during(trx: Kysely<Database>, bookId: string): Promise<void>; after(): void };
}

/** How often pages_done is written while pages appear (the first page is written at once). */
const PROGRESS_EVERY_MS = 250;
/**
 * The CPU priority of the side stages' tools (text, word boxes, structure: `nice -n`): on a machine
 * whose cores the renderer's lanes fill, they take what the lanes leave instead of an equal share.
 */
const SIDE_NICE = 5;
/** Processes a page range is split over: the cores, at most 4. */
const LANES = Math.min(4, Math.max(1, os.availableParallelism()));

const isKind = (kind: string): kind is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(kind);

/** Runs one conversion attempt of a book. Throws ConversionError (or any error: retried as FAILED). */
export async function convertBook(deps: ConvertDeps, job: JobRow, signal: AbortSignal): Promise<void> {
  try {
    await attempt(deps, job, signal);
  } catch (error) {
    // Deleted during its conversion: remove what this attempt wrote, and there is nothing to report.
    if (
      job.book_id &&
      !signal.aborted &&
      !(await deps.db.selectFrom('books').select('id').where('id', '=', job.book_id).executeTakeFirst())
    ) {
      await removeBook(deps, job.book_id);
      return;
    }
    throw error;
  } finally {
    if (job.book_id && deps.dropLocal) {
      await deps.storage.dropLocal(bookKey(deps.storage, deps.config.dataDir, job.book_id)).catch(() => undefined);
    }
  }
}

const bookKey = (store: FileStore, dataDir: string, bookId: string) => store.keyOf(bookPaths(dataDir, bookId).dir);

/** A book deleted during its conversion: what this attempt wrote goes, from the store and this folder. */
async function removeBook(deps: ConvertDeps, bookId: string): Promise<void> {
  const dir = bookPaths(deps.config.dataDir, bookId).dir;
  await deps.storage.remove(deps.storage.keyOf(dir));
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
}

/** Files stored at once by a conversion (pages as they appear, then the text and word boxes). */
const STORE_LANES = 8;

/**
 * The store operations of one attempt, at most STORE_LANES at once. `settled` waits for every one
 * started (an attempt never ends with an upload still running: a retry's clean start would race it).
 */
function storeQueue(store: FileStore) {
  const started: Promise<unknown>[] = [];
  const waiting: Array<() => void> = [];
  let active = 0;
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= STORE_LANES) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
  const track = <T>(p: Promise<T>) => {
    started.push(p);
    p.catch(() => {}); // awaited by the caller, and by settled()
    return p;
  };
  return {
    put: (file: string) => track(run(() => store.put(store.keyOf(file)))),
    putTree: (dir: string) => track(run(() => store.putTree(store.keyOf(dir)))),
    settled: async () => {
      for (let i = 0; i < started.length; i++) await Promise.allSettled([started[i]]);
    },
  };
}

async function attempt(deps: ConvertDeps, job: JobRow, signal: AbortSignal): Promise<void> {
  const { db, config } = deps;
  if (!job.book_id) return;
  const stages = new StageTimes();
  // Before this attempt: the upload (its route put its time in the payload) and the wait for a worker.
  const { uploadMs } = jobPayload(job);
  const pickupMs = job.attempts === 1 ? Math.max(0, job.updated_at - job.created_at) : undefined;
  if (pickupMs !== undefined) {
    stages.record('pickup', pickupMs);
    if (uploadMs !== undefined) stages.spans.upload = { at: (stages.spans.pickup?.at ?? 0) - uploadMs, ms: uploadMs };
  }
  const book = await db.selectFrom('books').select(['id', 'source_kind']).where('id', '=', job.book_id).executeTakeFirst();
  if (!book) return; // deleted meanwhile: nothing to do
  const paths = bookPaths(config.dataDir, book.id);
  const limits: ToolLimits = { memoryBytes: config.convert.memoryBytes, timeoutMs: config.convert.timeoutMs + 10_000 };
  const opts = { signal, limits };

  const store = deps.storage;
  const stored = storeQueue(store);
  // The source as received (the upload stored it before queueing the job): in this process's folder.
  // An office document converted to document.pdf by an earlier attempt resumes from that PDF (its
  // source may even be gone: a macro-carrying one is removed once converted).
  const source = await store.fetch(store.keyOf(paths.source));
  const resumed = book.source_kind !== 'pdf' && isKind(book.source_kind) && (await store.fetch(store.keyOf(paths.pdf))) !== undefined;

  // Start clean: outputs of an earlier attempt (and of its orphaned tools) go, from the store too.
  await stages.time('start', async () => {
    await clearOutputs(store, paths, { keepPdf: resumed });
    await db
      .updateTable('books')
      .set({ status: 'CONVERTING', error_code: null, pages_done: 0, pages_total: 0 })
      .where('id', '=', book.id)
      .execute();
  });

  if (!resumed) {
    const size = source
      ? await stat(source).then(
          (s) => s.size,
          () => -1,
        )
      : -1;
    if (size < 0) throw documentError('FAILED', 'the uploaded file is missing');
    if (size === 0) throw documentError('EMPTY', 'the file is empty');
  }
  if (!isKind(book.source_kind)) throw documentError('UNSUPPORTED', `unsupported kind ${book.source_kind}`);

  const work = path.join(paths.dir, `tmp-${job.id}-${job.attempts}`);
  await mkdir(work, { recursive: true });
  let manifest: BookManifest;
  let traits: OfficeTraits | undefined;
  try {
    if (book.source_kind === 'pdf') {
      await link(paths.source, paths.pdf).catch(() => copyFile(paths.source, paths.pdf));
    } else if (!resumed) {
      traits = await officeTraits(paths.source);
      // LibreOffice would only fail to open it (CORRUPT): say what it is.
      if (traits.encrypted) throw documentError('ENCRYPTED', 'the document needs a password to open');
      const kind = book.source_kind;
      await stages.time('office', () => deps.office.convert(paths.source, kind, path.join(work, 'document.pdf'), signal));
      await rename(path.join(work, 'document.pdf'), paths.pdf);
    } else if (source) {
      // Resumed: the macros still decide whether the source is kept.
      traits = await officeTraits(paths.source).catch(() => undefined);
    }
    // Stored beside the renders (a retry resumes from it; the reader's tools and downloads use it).
    const pdfStored = stored.put(paths.pdf);
    // The renderer starts beside pdfinfo (renderAll): the first page does not wait for the page count.
    const info = stages.time('pdfinfo', () => pdfInfo(paths.pdf, config.convert.maxPages, opts));
    manifest = await renderAll(deps, book.id, paths, work, info, signal, limits, stages, stored);
    await stages.time('store', () => pdfStored);
    // The manifest last: a book with a manifest in the store has every other file there.
    await stages.time('manifest', () => store.write(store.keyOf(paths.manifest), JSON.stringify(manifest)));
  } finally {
    await stored.settled();
    await rm(work, { recursive: true, force: true });
  }
  const done = await stages.time('done', () =>
    db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('books')
        .set({ status: 'DONE', error_code: null, pages_done: manifest.pages, pages_total: manifest.pages, direction: manifest.direction })
        .where('id', '=', book.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) await deps.converted?.during(trx, book.id);
      return updated;
    }),
  );
  if (Number(done.numUpdatedRows) > 0) deps.converted?.after();
  // One line per conversion: where its time went (`npm run bench` reads it too).
  deps.log.info(
    { bookId: book.id, kind: book.source_kind, pages: manifest.pages, ms: stages.elapsed(), stages: stages.spans },
    'conversion: done',
  );
  if (Number(done.numUpdatedRows) === 0)
    await removeBook(deps, book.id); // deleted meanwhile
  // Macros are neither kept nor served: the book is its PDF from now on (the download serves
  // document.pdf for every office kind), and the original with its macros goes (from the store too).
  else if (traits?.macros) await store.remove(store.keyOf(paths.source));
}

/**
 * The parallel steps: the page renders at once, the others once pdfinfo has told the page count and
 * sizes (its failure — encrypted, corrupt, too many pages — stops the renders); the first failure stops
 * the others.
 */
async function renderAll(
  deps: ConvertDeps,
  bookId: string,
  paths: ReturnType<typeof bookPaths>,
  work: string,
  document: Promise<PdfInfo>,
  outer: AbortSignal,
  limits: ToolLimits,
  stages: StageTimes,
  stored: ReturnType<typeof storeQueue>,
): Promise<BookManifest> {
  const stop = new AbortController();
  const signal = AbortSignal.any([outer, stop.signal]);
  const opts = { signal, limits };
  const step = <T>(p: Promise<T>) =>
    p.catch((error: unknown) => {
      stop.abort(error);
      throw error;
    });
  const progress = pageProgress(deps, bookId, stop, stages);
  // A page counts (pages_done, the reader's first page) once it is in the store: page 1 is readable
  // through any instance as early as through this one.
  const pageStores: Promise<void>[] = [];
  const pageReady = (n: number) => {
    const storing = step(stored.put(pageJpeg(paths.pages, PAGE_WIDTH, n)).then(() => progress.page(n)));
    storing.catch(() => {}); // awaited below, after the renders
    pageStores.push(storing);
  };
  const info = step(
    document.then(async (known) => {
      // The sizes first (sizes.json): once pages_done counts page 1, the reader lays the book out from them.
      const early: BookSizes = { pages: known.pages, sizes: displayedSizes(known.sizes).map(({ width, height }) => ({ width, height })) };
      await deps.storage.write(deps.storage.keyOf(path.join(paths.dir, SIZES_FILE)), JSON.stringify(early));
      await deps.db.updateTable('books').set({ pages_total: known.pages }).where('id', '=', bookId).execute();
      progress.total(known.pages);
      return known;
    }),
  );
  const normal = path.join(paths.pages, String(PAGE_WIDTH));
  const rendering = step(
    stages.time('pages', () =>
      renderPages(paths.pdf, info, normal, {
        ...opts,
        width: PAGE_WIDTH,
        lanes: LANES,
        pageLimit: deps.config.convert.maxPages,
        tmpDir: path.join(work, 'n'),
        onPage: pageReady,
        onLane: (lane, ms) => stages.record(`lane${lane + 1}`, ms),
      }),
    ),
  );
  // Awaited below (Promise.all), or after pdfinfo's failure; it may fail first (an abort) meanwhile.
  rendering.catch(() => {});
  let pages: number;
  let sizes: PageBox[];
  try {
    ({ pages, sizes } = await info);
  } catch (error) {
    await rendering.catch(() => {}); // stopped by the same error
    throw error;
  }
  const usable = sizes.find(isDrawableBox) ?? { width: 595, height: 842 };
  const displayed = displayedSizes(sizes);

  const warnings: ConversionWarning[] = [];
  const warn = (warning: ConversionWarning, error?: unknown) => {
    warnings.push(warning);
    deps.log.warn({ err: error, bookId, warning }, 'conversion: a part of the document could not be read');
  };
  const placeholderPages = new Set<number>();
  const placed = step(
    rendering.then(async ({ failed }) => {
      // Pages nothing could draw, and pages without an area to draw (a 0×0 page box): a placeholder of
      // the page's (substituted) size, so the book is whole and its owner can see which.
      const empty = sizes.flatMap((box, i) => (isDrawableBox(box) ? [] : [i + 1]));
      const placeholders = [...new Set([...failed, ...empty])].sort((a, b) => a - b);
      for (const n of placeholders) placeholderPages.add(n);
      for (const n of placeholders) {
        await writePlaceholderPage(pageJpeg(paths.pages, PAGE_WIDTH, n), displayed[n - 1] ?? usable, opts);
        pageReady(n);
      }
      if (placeholders.length > 0) warn({ code: 'PAGE_PLACEHOLDER', pages: placeholders });
    }),
  );
  const time = <T>(name: string, work: () => Promise<T>) => stages.time(name, work);
  // The side stages yield the cores to the renderer (see SIDE_NICE).
  const side = { ...opts, nice: SIDE_NICE };
  // Text is a bonus (search, the accessible version): a document whose text cannot be read
  // still becomes a book, with empty text files.
  const text = step(
    time('text', () => extractText(paths.pdf, pages, paths.text, side)).catch(async (error: unknown) => {
      if (signal.aborted) throw error;
      warn({ code: 'NO_TEXT' }, error);
      await emptyTexts(paths.text, pages);
    }),
  );
  const textStored = step(text.then(() => time('storeText', () => stored.putTree(paths.text))));
  const [, report, , structure] = await Promise.all([
    step(
      // From page 1's normal image as soon as it is in place (no second render of the page); a page 1
      // nothing could draw has its placeholder as thumbnails.
      untilAborted(progress.first, signal).then(() =>
        time('thumbnails', async () => {
          await makeBookThumbs(pageJpeg(paths.pages, PAGE_WIDTH, 1), paths.thumb, opts);
          await stored.putTree(paths.thumbs);
          if (placeholderPages.has(1)) warn({ code: 'THUMBNAIL_FROM_PAGE' });
        }),
      ),
    ),
    rendering,
    // The site search's documents (src/server/search) as soon as the text is there, beside the
    // renderer rather than after it: they are found once the book is DONE (the search shows DONE books
    // only), from the first moment it is. A failure leaves the book unindexed (indexed again when a
    // server starts), never undone.
    text.then(() =>
      time('index', () =>
        indexBook(deps.db, deps.storage, bookId).catch((err: unknown) => deps.log.warn({ err, bookId }, 'search: indexing failed')),
      ),
    ),
    time('structure', () => readStructure(paths.pdf, pages, side)).catch((error: unknown): PdfStructure => {
      if (signal.aborted) throw error;
      warn({ code: 'NO_STRUCTURE' }, error);
      return { direction: 'ltr', outline: [], links: [] };
    }),
    // Word boxes too are a bonus: without them the first search derives them again.
    time('words', async () => {
      const dir = path.join(paths.dir, 'words');
      await extractWords(paths.pdf, pages, dir, { ...side, replace: true });
      await stored.putTree(dir);
    }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      deps.log.warn({ err: error, bookId }, 'conversion: the word boxes could not be extracted or stored');
    }),
    placed,
    textStored,
  ]);
  // Every page in the store (the placeholders were queued last).
  await Promise.all(pageStores);
  await progress.flush();
  const byResolution = report.byResolution.filter((n) => isDrawableBox(sizes[n - 1]));
  if (byResolution.length > 0) warn({ code: 'PAGE_BY_RESOLUTION', pages: byResolution });
  // Every page has its image now (drawn or a placeholder); a gap would be a bug, not the document.
  const missing = await firstMissingPage(normal, pages);
  if (missing) throw new Error(`page ${missing} has no image`);
  return {
    version: 1,
    pages,
    direction: structure.direction,
    sizes: displayed.map((s, i) => ({ width: s.width, height: s.height, links: structure.links[i] ?? [] })),
    outline: structure.outline,
    images: { jpeg: [PAGE_WIDTH], webp: [...PAGE_WEBP_WIDTHS] },
    ...(warnings.length > 0 ? { warnings: warnings.sort((a, b) => a.code.localeCompare(b.code)) } : {}),
  };
}

/** A page box without an area (0×0) is shown at the size of the first page that has one. */
function displayedSizes(sizes: PageBox[]): PageBox[] {
  const usable = sizes.find(isDrawableBox) ?? { width: 595, height: 842 };
  return sizes.map((box): PageBox => (isDrawableBox(box) ? box : { rotate: box.rotate, width: usable.width, height: usable.height }));
}

/**
 * pages_done = the pages 1…k whose normal image is in place (lanes finish pages out of order), written
 * once the page count is known (pages_total first), at once for the first page and then at most every
 * PROGRESS_EVERY_MS. A book that disappeared (deleted during its conversion) stops the conversion.
 */
function pageProgress(deps: ConvertDeps, bookId: string, stop: AbortController, stages: StageTimes) {
  const ready = new Set<number>();
  let pages = 0;
  let done = 0;
  let written = 0;
  let lastWrite = 0;
  let chain: Promise<void> = Promise.resolve();
  let firstReady = () => {};
  const first = new Promise<void>((resolve) => {
    firstReady = resolve;
  });
  const write = () => {
    const value = done;
    lastWrite = deps.clock();
    chain = chain.then(async () => {
      if (value <= written) return;
      written = value;
      const r = await deps.db
        .updateTable('books')
        .set({ pages_done: value })
        .where('id', '=', bookId)
        .where('status', '=', 'CONVERTING')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0)
        stop.abort(new ConversionError('FAILED', 'the book was deleted or changed during its conversion', true));
      // Page 1 is readable from now on (the reader follows pages_done).
      stages.mark('firstPage');
    });
    chain = chain.catch((err: unknown) => deps.log.warn({ err, bookId }, 'conversion: progress not saved'));
  };
  const advance = () => {
    while (done < pages && ready.has(done + 1)) done += 1;
    if (done > written && (lastWrite === 0 || deps.clock() - lastWrite >= PROGRESS_EVERY_MS)) write();
  };
  return {
    /** Page 1's normal image is in place (drawn or its placeholder). */
    first,
    /** The page count, once pdfinfo has told it (pages_total is written). */
    total(count: number) {
      pages = count;
      advance();
    },
    page(n: number) {
      ready.add(n);
      if (n === 1) firstReady();
      advance();
    },
    flush: () => chain,
  };
}

/** What the job's creator put in its payload (see enqueueConversion). */
function jobPayload(job: JobRow): { uploadMs?: number } {
  try {
    const payload = JSON.parse(job.payload) as { uploadMs?: unknown };
    return typeof payload.uploadMs === 'number' ? { uploadMs: payload.uploadMs } : {};
  } catch {
    return {};
  }
}

async function firstMissingPage(dir: string, pages: number): Promise<number | undefined> {
  const present = new Set(await readdir(dir));
  for (let n = 1; n <= pages; n++) if (!present.has(`${n}.jpg`)) return n;
  return undefined;
}

async function emptyTexts(dir: string, pages: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (let n = 1; n <= pages; n++) await writeFile(path.join(dir, `${n}.txt`), '', { flag: 'a' });
}

/**
 * Removes what an earlier attempt made, from the store and this folder: pages, thumbnails, text, word
 * boxes, the manifest and (unless this attempt resumes from it) document.pdf. The source stays.
 */
async function clearOutputs(store: FileStore, paths: ReturnType<typeof bookPaths>, options: { keepPdf: boolean }): Promise<void> {
  const words = path.join(paths.dir, 'words');
  const outputs = [paths.pages, paths.thumbs, paths.text, words, ...(options.keepPdf ? [] : [paths.pdf])];
  // The manifest first: a book whose manifest is in the store is whole.
  await store.remove(store.keyOf(paths.manifest));
  await store.remove(store.keyOf(path.join(paths.dir, SIZES_FILE)));
  await Promise.all(outputs.map((p) => store.remove(store.keyOf(p))));
  if (!existsSync(paths.dir)) return;
  for (const name of await readdir(paths.dir)) {
    if (name.startsWith('tmp-')) await rm(path.join(paths.dir, name), { recursive: true, force: true });
  }
}

/** The final outcome of a job that will not be retried: the book shows ERROR with the code. */
export async function markBookFailed(db: Kysely<Database>, bookId: string, code: ConversionErrorCode): Promise<void> {
  await db.updateTable('books').set({ status: 'ERROR', error_code: code }).where('id', '=', bookId).execute();
}

/** A retry is scheduled: the book waits in the queue again (shown as converting). */
export async function markBookQueued(db: Kysely<Database>, bookId: string): Promise<void> {
  await db
    .updateTable('books')
    .set({ status: 'QUEUED', error_code: null })
    .where('id', '=', bookId)
    .where('status', '!=', 'ERROR')
    .execute();
}
