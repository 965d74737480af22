import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preload } from 'react-dom';
import { ERRORS, type ErrorName } from '../../contracts/errors';
import { READER_PRELOAD_ID, READER_WIDTHS, type ReaderBook, type ReaderPreload } from '../../contracts/reader';
import { publicClientConfig } from '../config';
import { JsonScript, renderFragment } from '../html/render';
import { OembedDiscovery } from '../oembed';
import { CONFIG_MARKER, configScript, pageLanguage } from '../plugins/static';
import { publicUrlOf } from '../public-url';
import { viewerUrl } from '../publish/views';
import { shorten } from './overview-html';

/**
 * The reader's HTML page (`{viewer}/read/{id}`): dist/public/read.html (built with the viewer entry)
 * with the client config, the visitor's `<html lang>`, and for a book the visitor may read its title,
 * Open Graph / Twitter card tags, a canonical link, a preload of page 1 and the book itself inline
 * (READER_PRELOAD_ID), so the first page needs no API round trip.
 */

const READER_ROOT = '<div id="reader" class="qr"></div>';
/**
 * How the server's reader root starts (BootPage): where the rendered head parts end. No value can spell
 * it before: React escapes `<` in text and `"` in attributes, and JsonScript escapes `<`.
 */
const BOOT_ROOT_START = '<div id="reader" class="qr">';

/** The image preload React writes first in a book's head parts (BookParts). */
const PRELOAD_LINK = /^<link rel="preload"[^>]*>/;
/** The first element of read.html's head that the browser fetches (the stylesheet, the entry's script). */
const HEAD_FETCHES = /<link rel="stylesheet"|<script /;

/** The reader root holding page 1 until the script renders (see reader.css `.qr-boot`). */
function BootPage({ src, size }: { src: string; size: { width: number; height: number } | undefined }) {
  const width = READER_WIDTHS.normal;
  const height = size ? Math.round((width * size.height) / size.width) : Math.round(width * Math.SQRT2);
  return (
    <div id="reader" className="qr">
      <div className="qr-boot" aria-hidden="true">
        <div className="qr-page" data-page="1">
          <img className="qr-img" src={src} alt="" width={width} height={height} fetchPriority="high" />
        </div>
      </div>
    </div>
  );
}

/** What a book's page adds to read.html: head elements, and page 1 as plain HTML unless explicit. */
function BookParts({
  book,
  index,
  absolute,
  canonical,
}: {
  book: ReaderBook;
  index: boolean;
  absolute: (url: string) => string;
  canonical: string;
}) {
  const description = shorten(book.description);
  const first = book.pageUrl.replace('{w}', String(READER_WIDTHS.normal)).replace('{n}', '1');
  // Page 1's image, fetched along with the scripts (React writes this link first).
  preload(first, { as: 'image', fetchPriority: 'high' });
  const image = book.image.large ? absolute(book.image.large) : undefined;
  return (
    <>
      <title>{book.name}</title>
      <link rel="canonical" href={canonical} />
      <meta name="description" content={description} />
      <meta property="og:type" content="book" />
      <meta property="og:title" content={book.name} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={book.name} />
      <meta name="twitter:description" content={description} />
      {image && (
        <>
          <meta property="og:image" content={image} />
          <meta name="twitter:image" content={image} />
        </>
      )}
      {/* oEmbed discovery of public books (src/server/oembed.tsx). */}
      {index ? <OembedDiscovery absolute={absolute} pageUrl={canonical} title={book.name} /> : <meta name="robots" content="noindex" />}
      <JsonScript id={READER_PRELOAD_ID} data={{ book } satisfies ReaderPreload} />
      {/* The first page as plain HTML: shown as soon as its image arrives, before the reader's script
          has run (which replaces it). Not for explicit books: those ask first (safe mode). */}
      {!book.is_adult && <BootPage src={first} size={book.pages[0]} />}
    </>
  );
}

/** What a page without a readable book adds: kept out of indexes, and the gate's error for the script. */
function GateParts({ error, canonical }: { error: ErrorName | undefined; canonical: string | undefined }) {
  return (
    <>
      {canonical && <link rel="canonical" href={canonical} />}
      <meta name="robots" content="noindex" />
      {error && (
        <JsonScript
          id={READER_PRELOAD_ID}
          data={{ error: { type: ERRORS[error].type, code: ERRORS[error].code } } satisfies ReaderPreload}
        />
      )}
    </>
  );
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
    const canonical = outcome ? absolute(viewerUrl(app.config, input.bookId)) : undefined;
    let html = base.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
    // One React render (escaped by construction): the head elements, then the boot page if any.
    let parts: string;
    if (outcome && 'book' in outcome && canonical) {
      parts = renderFragment(<BookParts book={outcome.book} index={outcome.index} absolute={absolute} canonical={canonical} />);
      html = html.replace(/<title>[^<]*<\/title>\n?\s*/, '');
    } else parts = renderFragment(<GateParts error={outcome && 'error' in outcome ? outcome.error : undefined} canonical={canonical} />);
    // Page 1's preload (React writes it first) leads the head, before the stylesheet and the scripts:
    // the browser asks for it first, so the server starts on it first.
    const lead = PRELOAD_LINK.exec(parts)?.[0];
    const first = lead ? html.search(HEAD_FETCHES) : -1;
    if (lead && first >= 0 && first < html.indexOf('</head>')) {
      html = `${html.slice(0, first)}${lead}\n    ${html.slice(first)}`;
      parts = parts.slice(lead.length);
    }
    const boot = parts.indexOf(BOOT_ROOT_START);
    if (boot >= 0) {
      html = html.replace(READER_ROOT, () => parts.slice(boot));
      parts = parts.slice(0, boot);
    }
    return html.replace('</head>', () => `    ${parts}\n  </head>`);
  }

  return { render };
}
