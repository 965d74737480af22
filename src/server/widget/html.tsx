import type { CSSProperties, ReactNode } from 'react';
import type { Language } from '../../contracts/languages';
import { COVER_RATIO, WIDGET_THUMB_PX, type WidgetOptions, widgetQuery } from '../../contracts/widget';
import { renderDocument } from '../html/render';
import type { Translate } from '../i18n';
import { localDate } from '../reader/overview-html';
import type { Library, LibraryBook } from './library';
import { WIDGET_MESSAGES as M } from './messages';

/**
 * Server-rendered HTML of the library widget: a grid of covers (lazy images), titles and info as the
 * options say, links as linkTo/linkTarget say, and prev/next paging links. React components
 * (html/render.tsx): every database value is escaped; the only script is the external fitting script
 * (assets.ts).
 */

export interface WidgetPageContext {
  lang: Language;
  t: Translate;
  /** Path of the widget page (`{embed path}/library/`): paging links and asset URLs hang from it. */
  base: string;
  css: string;
  js: string;
  /** The reader's absolute URL of a book. */
  reader: (bookId: string) => string;
  /** The public overview's absolute URL of a book. */
  overview: (bookId: string) => string;
}

/** Relative luminance below which custom backgrounds get light text. */
const DARK_LUMINANCE = 0.45;

function isDark(hex: string): boolean {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < DARK_LUMINANCE;
}

function info(ctx: WidgetPageContext, o: WidgetOptions, book: LibraryBook): string {
  switch (o.showInfo) {
    case 'account':
      return book.accountName;
    case 'views':
      return ctx.t(M.views, { count: book.views });
    case 'pages':
      return ctx.t(M.pages, { count: book.pages });
    case 'date':
      return localDate(book.publishedAt, ctx.lang);
    default:
      return '';
  }
}

function Item({ ctx, o, book, index }: { ctx: WidgetPageContext; o: WidgetOptions; book: LibraryBook; index: number }) {
  // embed: the reader replaces the widget in its own frame; default: the overview; view: the reader.
  const href = o.linkTo === 'default' ? ctx.overview(book.id) : ctx.reader(book.id);
  const target = o.linkTo === 'embed' ? '_self' : o.linkTarget;
  const px = WIDGET_THUMB_PX[o.thumbSize];
  const text = info(ctx, o, book);
  return (
    <li className={book.isAdult ? 'wl-item wl-adult' : 'wl-item'}>
      <a className="wl-link" href={href} target={target} rel={target === '_blank' ? 'noopener' : undefined} title={book.name}>
        <span className="wl-cover">
          <img
            src={book.thumbs.medium}
            srcSet={`${book.thumbs.small} 160w, ${book.thumbs.medium} 320w, ${book.thumbs.large} 640w`}
            sizes={`${px}px`}
            alt={ctx.t(M.coverAlt, { name: book.name })}
            width={px}
            height={Math.round(px * COVER_RATIO)}
            loading={index < 2 ? 'eager' : 'lazy'}
            decoding="async"
          />
        </span>
        {o.showTitle && <span className="wl-title">{book.name}</span>}
        {text && <span className="wl-info">{text}</span>}
      </a>
    </li>
  );
}

function Shell({ ctx, o, title, children }: { ctx: WidgetPageContext; o: WidgetOptions; title: string; children: ReactNode }) {
  const classes = [`t-${o.theme}`, o.showShadow && 'wl-shadow', o.showGloss && 'wl-gloss'];
  if (o.theme === 'any') classes.push(isDark(o.bgColor) ? 'dark' : 'light');
  const style = { '--w': `${WIDGET_THUMB_PX[o.thumbSize]}px`, ...(o.theme === 'any' ? { '--bg': o.bgColor } : {}) } as CSSProperties;
  return (
    <html lang={ctx.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="stylesheet" href={ctx.css} />
        <script src={ctx.js} defer />
      </head>
      <body className={classes.filter(Boolean).join(' ')} style={style}>
        {children}
      </body>
    </html>
  );
}

/**
 * The widget page of one library page: `start` is the first book's offset in the whole list, `shown`
 * the books the page shows without its script (rows × the most columns any frame fits).
 */
export function libraryHtml(ctx: WidgetPageContext, o: WidgetOptions, library: Library, start: number, shown: number): string {
  const title = ctx.t(M.title, { name: library.accountName });
  if (library.total === 0)
    return renderDocument(
      <Shell ctx={ctx} o={o} title={title}>
        <p className="wl-msg">{ctx.t(M.empty)}</p>
      </Shell>,
    );
  const page = (s: number) => `${ctx.base}?${widgetQuery(o, { lang: ctx.lang, start: String(s) })}`;
  const hasPrev = start > 0;
  const hasNext = start + shown < library.total;
  return renderDocument(
    <Shell ctx={ctx} o={o} title={title}>
      <ul className="wl-grid" data-rows={o.rows} data-start={start} data-total={library.total}>
        {library.books.map((book, i) => (
          <Item key={book.id} ctx={ctx} o={o} book={book} index={i} />
        ))}
      </ul>
      <nav className="wl-nav" aria-label={ctx.t(M.paging)} hidden={!(hasPrev || hasNext)}>
        <a className="wl-prev" href={page(Math.max(0, start - shown))} hidden={!hasPrev}>
          {`‹ ${ctx.t(M.prev)}`}
        </a>
        <a className="wl-next" href={page(start + shown)} hidden={!hasNext}>
          {`${ctx.t(M.next)} ›`}
        </a>
      </nav>
    </Shell>,
  );
}

/** The page of an unknown account or folder (or invalid options): a short message, still framable. */
export function unavailableHtml(ctx: WidgetPageContext, o: WidgetOptions | undefined): string {
  const options = o ?? ({ theme: 'white', thumbSize: 'normal', showShadow: false, showGloss: false, bgColor: '#fff' } as WidgetOptions);
  const text = ctx.t(M.unavailable);
  return renderDocument(
    <Shell ctx={ctx} o={options} title={text}>
      <p className="wl-msg">{text}</p>
    </Shell>,
  );
}
