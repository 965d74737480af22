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
/** read.html's stylesheet links (build.mjs writes them in the head). */
const STYLESHEETS = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Page 1's image in the server's HTML: the small width (READER_WIDTHS.small) where the screen draws page
 * 1 at most that many device pixels wide (a desktop at 1 device pixel per CSS pixel: page 1 fits the
 * window's height, ~450–650 px), the normal width elsewhere (dense screens, phones, large windows).
 * `sizes` is page 1's displayed width under reader.css `.qr-boot` (fixed between the bars, 12 px
 * padding, the page fitted in): the smaller of the width and the height times the page's proportions,
 * with the bars' height of each screen size (--qr-bar-h: 52 px, 48 px up to 745 px wide). With it,
 * the browser sends and decodes a quarter of the pixels before page 1 shows on such a screen (the
 * reader's script then sharpens it to the normal width, src/viewer/render/images.ts).
 */
function bootImage(pattern: string, size: { width: number; height: number } | undefined, inline: string | undefined) {
  const url = (width: number) => pattern.replace('{w}', String(width)).replace('{n}', '1');
  const ratio = size && size.width > 0 && size.height > 0 ? size.width / size.height : Math.SQRT1_2;
  const r = Number(ratio.toFixed(4));
  const fitted = (bars: number) => `min(calc(100vw - 24px), calc((100vh - ${bars * 2 + 24}px) * ${r}))`;
  return {
    src: url(READER_WIDTHS.normal),
    srcSet: `${inline ?? url(READER_WIDTHS.small)} ${READER_WIDTHS.small}w, ${url(READER_WIDTHS.normal)} ${READER_WIDTHS.normal}w`,
    sizes: `(max-width: 745px) ${fitted(48)}, ${fitted(52)}`,
    inline: inline !== undefined,
  };
}

/**
 * The boot page's layout, in style attributes (the reader's CSP allows them): page 1 shows without the
 * stylesheet, which the page then loads after it (not render-blocking, see `render`). Fixed between
 * the bars (--qr-bar-h once reader.css is in; 52 px before), 12 px padding, page 1 fitted in.
 */
const BOOT_STYLE = {
  position: 'fixed',
  inset: 'var(--qr-bar-h, 52px) 0 var(--qr-bar-h, 52px)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '12px',
} as const;
const BOOT_IMAGE_STYLE = {
  maxWidth: '100%',
  maxHeight: '100%',
  width: 'auto',
  height: 'auto',
  boxShadow: '0 8px 30px rgb(0 0 0 / 45%)',
} as const;

/** The reader root holding page 1 until the script renders (the script adopts the image, images.ts). */
function BootPage({ image, size }: { image: ReturnType<typeof bootImage>; size: { width: number; height: number } | undefined }) {
  const width = READER_WIDTHS.normal;
  const height = size ? Math.round((width * size.height) / size.width) : Math.round(width * Math.SQRT2);
  return (
    <div id="reader" className="qr">
      <div className="qr-boot" aria-hidden="true" style={BOOT_STYLE}>
        <div className="qr-page" data-page="1" style={{ display: 'contents' }}>
          <img
            className="qr-img"
            style={BOOT_IMAGE_STYLE}
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.sizes}
            alt=""
            width={width}
            height={height}
            fetchPriority="high"
            data-inline={image.inline ? READER_WIDTHS.small : undefined}
          />
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
  pageOne,
}: {
  book: ReaderBook;
  index: boolean;
  absolute: (url: string) => string;
  canonical: string;
  pageOne: string | undefined;
}) {
  const description = shorten(book.description);
  const first = bootImage(book.pageUrl, book.pages[0], pageOne);
  // Page 1's image, fetched along with the scripts (React writes this link first), the same candidate
  // as the boot page's <img> picks. Not when the small width is inline: the <img> is then in the first
  // bytes of the body, where the preload scanner finds it for the screens that pick the normal width.
  if (!first.inline) preload(first.src, { as: 'image', fetchPriority: 'high', imageSrcSet: first.srcSet, imageSizes: first.sizes });
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
      {!book.is_adult && <BootPage image={first} size={book.pages[0]} />}
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
  outcome: { book: ReaderBook; index: boolean; pageOne?: string } | { error: ErrorName } | undefined;
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
      parts = renderFragment(
        <BookParts book={outcome.book} index={outcome.index} absolute={absolute} canonical={canonical} pageOne={outcome.pageOne} />,
      );
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
      // The stylesheet after page 1 in the body: a stylesheet in the head blocks rendering until it is
      // in, one in the body does not (HTML: only a parser-inserted stylesheet before <body> may block
      // rendering), so page 1 (styled by its own attributes) shows as soon as its image is in. The
      // reader's script waits for the stylesheet all the same (a script-blocking one).
      const sheets: string[] = [];
      const end = html.indexOf('</head>');
      const head = html.slice(0, end).replace(STYLESHEETS, (link) => {
        sheets.push(link.trim());
        return '';
      });
      html = head + html.slice(end);
      html = html.replace(READER_ROOT, () => [parts.slice(boot), ...sheets].join('\n    '));
      parts = parts.slice(0, boot);
    }
    return html.replace('</head>', () => `    ${parts}\n  </head>`);
  }

  return { render };
}
