import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, type ErrorName } from '../../contracts/errors';
import { READER_PRELOAD_ID, READER_WIDTHS, type ReaderBook, type ReaderPreload } from '../../contracts/reader';
import { publicClientConfig } from '../config';
import { CONFIG_MARKER, configScript, pageLanguage } from '../plugins/static';
import { publicUrlOf } from '../public-url';
import { viewerUrl } from '../publish/views';

/**
 * The reader's HTML page (`{viewer}/read/{id}`): dist/public/read.html (built with the viewer entry)
 * with the client config, the visitor's `<html lang>`, and for a book the visitor may read its title,
 * Open Graph / Twitter card tags, a canonical link, a preload of page 1 and the book itself inline
 * (READER_PRELOAD_ID), so the first page needs no API round trip.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** JSON inside <script type="application/json">: nothing in it may close the element. */
const jsonScript = (id: string, data: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}</script>`;

const DESCRIPTION_MAX = 300;
const shorten = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

const READER_ROOT = '<div id="reader" class="qr"></div>';
/** The reader root holding page 1 until the script renders (see reader.css `.qr-boot`). */
function bootPage(src: string, size: { width: number; height: number } | undefined): string {
  const width = READER_WIDTHS.normal;
  const height = size ? Math.round((width * size.height) / size.width) : Math.round(width * Math.SQRT2);
  return `<div id="reader" class="qr"><div class="qr-boot" aria-hidden="true"><div class="qr-page" data-page="1"><img class="qr-img" src="${escapeHtml(src)}" alt="" width="${width}" height="${height}" fetchpriority="high"></div></div></div>`;
}

export interface ReadPageInput {
  bookId: string;
  /** The book when the visitor passes the gates, else the gate's error (or nothing for a malformed id). */
  outcome: { book: ReaderBook; index: boolean } | { error: ErrorName } | undefined;
}

/** Loads read.html once per change on disk (mtime and size). */
export function createReadPage(app: FastifyInstance) {
  const file = path.join(app.config.publicDir, 'read.html');
  const config = configScript(publicClientConfig(app.config));
  let cached: { mtimeMs: number; size: number; html: string } | undefined;

  async function template(): Promise<string | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (cached?.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.html;
    const source = await readFile(file, 'utf8');
    const html = source.replace(CONFIG_MARKER, () => config);
    cached = { mtimeMs: info.mtimeMs, size: info.size, html };
    return html;
  }

  /** The page, or undefined while read.html is not built. */
  async function render(request: FastifyRequest, input: ReadPageInput): Promise<string | undefined> {
    const base = await template();
    if (base === undefined) return undefined;
    const absolute = (url: string) => publicUrlOf(app, request, url);
    const lang = pageLanguage(request.headers.host, request.headers.cookie, request.headers['accept-language']);
    const outcome = input.outcome;
    const head: string[] = outcome ? [`<link rel="canonical" href="${escapeHtml(absolute(viewerUrl(app.config, input.bookId)))}">`] : [];
    let html = base.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
    if (outcome && 'book' in outcome) {
      const { book } = outcome;
      const description = shorten(book.description, DESCRIPTION_MAX);
      html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(book.name)}</title>`);
      const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
      head.push(
        meta('name', 'description', description),
        meta('property', 'og:type', 'book'),
        meta('property', 'og:title', book.name),
        meta('property', 'og:description', description),
        meta('property', 'og:url', absolute(viewerUrl(app.config, book.id))),
        meta('name', 'twitter:card', book.image.large ? 'summary_large_image' : 'summary'),
        meta('name', 'twitter:title', book.name),
        meta('name', 'twitter:description', description),
      );
      if (book.image.large)
        head.push(meta('property', 'og:image', absolute(book.image.large)), meta('name', 'twitter:image', absolute(book.image.large)));
      if (!outcome.index) head.push(meta('name', 'robots', 'noindex'));
      // oEmbed discovery of public books (src/server/oembed.ts).
      else {
        const oembed = absolute(`/oembed?url=${encodeURIComponent(absolute(viewerUrl(app.config, book.id)))}&format=json`);
        head.push(`<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" title="${escapeHtml(book.name)}">`);
      }
      const first = book.pageUrl.replace('{w}', String(READER_WIDTHS.normal)).replace('{n}', '1');
      head.push(`<link rel="preload" as="image" href="${escapeHtml(first)}" fetchpriority="high">`);
      // The first page as plain HTML: shown as soon as its image arrives, before the reader's script
      // has run (which replaces it). Not for explicit books: those ask first (safe mode).
      if (!book.is_adult) html = html.replace(READER_ROOT, () => bootPage(first, book.pages[0]));
      head.push(jsonScript(READER_PRELOAD_ID, { book } satisfies ReaderPreload));
    } else {
      head.push('<meta name="robots" content="noindex">');
      if (outcome) {
        const { type, code } = ERRORS[outcome.error];
        head.push(jsonScript(READER_PRELOAD_ID, { error: { type, code } } satisfies ReaderPreload));
      }
    }
    return html.replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`);
  }

  return { render };
}
