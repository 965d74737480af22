import type { Language } from '../../contracts/languages';
import { COVER_RATIO, WIDGET_THUMB_PX, type WidgetOptions, widgetQuery } from '../../contracts/widget';
import type { Translate } from '../i18n';
import { escapeHtml, localDate } from '../reader/overview-html';
import type { Library, LibraryBook } from './library';
import { WIDGET_MESSAGES as M } from './messages';

/**
 * Server-rendered HTML of the library widget: a grid of covers (lazy images), titles and info as the
 * options say, links as linkTo/linkTarget say, and prev/next paging links. Every database value is
 * escaped; the only script is the external fitting script (assets.ts).
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

function item(ctx: WidgetPageContext, o: WidgetOptions, book: LibraryBook, index: number, hidden: boolean): string {
  // embed: the reader replaces the widget in its own frame; default: the overview; view: the reader.
  const href = o.linkTo === 'default' ? ctx.overview(book.id) : ctx.reader(book.id);
  const target = o.linkTo === 'embed' ? '_self' : o.linkTarget;
  const rel = target === '_blank' ? ' rel="noopener"' : '';
  const px = WIDGET_THUMB_PX[o.thumbSize];
  const text = info(ctx, o, book);
  const img =
    `<img src="${escapeHtml(book.thumbs.medium)}" srcset="${escapeHtml(book.thumbs.small)} 160w, ${escapeHtml(book.thumbs.medium)} 320w, ` +
    `${escapeHtml(book.thumbs.large)} 640w" sizes="${px}px" alt="${escapeHtml(ctx.t(M.coverAlt, { name: book.name }))}" ` +
    `width="${px}" height="${Math.round(px * COVER_RATIO)}" loading="${index < 2 ? 'eager' : 'lazy'}" decoding="async">`;
  return (
    `<li class="wl-item${book.isAdult ? ' wl-adult' : ''}"${hidden ? ' hidden' : ''}>` +
    `<a class="wl-link" href="${escapeHtml(href)}" target="${target}"${rel} title="${escapeHtml(book.name)}">` +
    `<span class="wl-cover">${img}</span>` +
    (o.showTitle ? `<span class="wl-title">${escapeHtml(book.name)}</span>` : '') +
    (text ? `<span class="wl-info">${escapeHtml(text)}</span>` : '') +
    `</a></li>`
  );
}

function shell(ctx: WidgetPageContext, o: WidgetOptions, title: string, body: string): string {
  const classes = [`t-${o.theme}`, o.showShadow && 'wl-shadow', o.showGloss && 'wl-gloss'];
  if (o.theme === 'any') classes.push(isDark(o.bgColor) ? 'dark' : 'light');
  const style = `--w:${WIDGET_THUMB_PX[o.thumbSize]}px${o.theme === 'any' ? `;--bg:${o.bgColor}` : ''}`;
  return `<!doctype html>
<html lang="${ctx.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(ctx.css)}">
<script src="${escapeHtml(ctx.js)}" defer></script>
</head>
<body class="${classes.filter(Boolean).join(' ')}" style="${escapeHtml(style)}">
${body}
</body>
</html>
`;
}

/**
 * The widget page of one library page: `start` is the first book's offset in the whole list, `shown`
 * the books the page shows without its script (rows × the most columns any frame fits).
 */
export function libraryHtml(ctx: WidgetPageContext, o: WidgetOptions, library: Library, start: number, shown: number): string {
  const title = ctx.t(M.title, { name: library.accountName });
  if (library.total === 0) return shell(ctx, o, title, `<p class="wl-msg">${escapeHtml(ctx.t(M.empty))}</p>`);
  const items = library.books.map((book, i) => item(ctx, o, book, i, false)).join('');
  const page = (s: number) => `${ctx.base}?${escapeHtml(widgetQuery(o, { lang: ctx.lang, start: String(s) }))}`;
  const hasPrev = start > 0;
  const hasNext = start + shown < library.total;
  const nav =
    `<nav class="wl-nav" aria-label="${escapeHtml(ctx.t(M.paging))}"${hasPrev || hasNext ? '' : ' hidden'}>` +
    `<a class="wl-prev" href="${page(Math.max(0, start - shown))}"${hasPrev ? '' : ' hidden'}>‹ ${escapeHtml(ctx.t(M.prev))}</a>` +
    `<a class="wl-next" href="${page(start + shown)}"${hasNext ? '' : ' hidden'}>${escapeHtml(ctx.t(M.next))} ›</a></nav>`;
  const grid = `<ul class="wl-grid" data-rows="${o.rows}" data-start="${start}" data-total="${library.total}">${items}</ul>`;
  return shell(ctx, o, title, grid + nav);
}

/** The page of an unknown account or folder (or invalid options): a short message, still framable. */
export function unavailableHtml(ctx: WidgetPageContext, o: WidgetOptions | undefined): string {
  const options = o ?? ({ theme: 'white', thumbSize: 'normal', showShadow: false, showGloss: false, bgColor: '#fff' } as WidgetOptions);
  const text = ctx.t(M.unavailable);
  return shell(ctx, options, text, `<p class="wl-msg">${escapeHtml(text)}</p>`);
}
