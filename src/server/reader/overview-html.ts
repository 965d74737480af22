import type { Language } from '../../contracts/languages';
import type { Translate } from '../i18n';
import type { PublicationOverview, PublicBook, PublisherOverview } from './overview';
import { PUBLISHER_PAGE_SIZE, publicationPath } from './overview';
import { OVERVIEW_MESSAGES as M } from './overview-messages';

/**
 * Server-rendered HTML of the public pages: no script runs on them (the JSON-LD block is data), the
 * look comes from one stylesheet (OVERVIEW_CSS_PATH), every value from the database is escaped.
 */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** JSON inside <script type="application/ld+json">: nothing in it may close the element. */
export const jsonLdScript = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}</script>`;

const DESCRIPTION_MAX = 300;
export const shorten = (s: string, max = DESCRIPTION_MAX) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** Everything a page needs about where it is served and for whom. */
export interface PageContext {
  lang: Language;
  t: Translate;
  /** Absolute URL of a path or URL on the public base (QUIRE_PUBLIC_URL; never the request's Host). */
  absolute: (url: string) => string;
  /** The stylesheet's URL (content-hashed). */
  css: string;
  /** The reader's URL of a book ({viewer}/read/<id>). */
  viewer: (bookId: string) => string;
  /** The publisher page's path of an account. */
  publisher: (accountId: string) => string;
  /** The visitor confirmed explicit content (SPEC §2 safe mode; the EXPLICIT_COOKIE). */
  explicitOk: boolean;
}

/** Where the interstitial's form confirms explicit content (sets the cookie, back to the page). */
export const explicitConfirmPath = (bookId: string) => `${publicationPath(bookId)}/explicit`;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A date in the page's language (UTC: the same day whatever the server's zone). */
export function localDate(ms: number, lang: Language): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
}

const time = (ms: number, lang: Language) => `<time datetime="${isoDay(ms)}">${escapeHtml(localDate(ms, lang))}</time>`;

const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

interface Shell {
  title: string;
  head: string[];
  body: string;
}

function document(ctx: PageContext, page: Shell): string {
  return `<!doctype html>
<html lang="${ctx.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<link rel="stylesheet" href="${escapeHtml(ctx.css)}">
${page.head.join('\n')}
</head>
<body>
<header class="ov-site"><a class="ov-logo" href="/">Quire</a></header>
<main class="ov-main">
${page.body}
</main>
</body>
</html>
`;
}

/** One page's text: paragraphs at blank lines, the extraction's line breaks read as spaces. */
function pageText(text: string): string {
  return text
    .replace(/\f/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
}

function shareLinks(ctx: PageContext, url: string, book: PublicBook): string {
  const u = encodeURIComponent(url);
  const title = encodeURIComponent(book.name);
  const image = encodeURIComponent(ctx.absolute(book.cover));
  const links: [string, string][] = [
    [ctx.t(M.shareFacebook), `https://www.facebook.com/sharer/sharer.php?u=${u}`],
    [ctx.t(M.shareX), `https://x.com/intent/tweet?url=${u}&text=${title}`],
    [ctx.t(M.shareTumblr), `https://www.tumblr.com/widgets/share/tool?canonicalUrl=${u}&title=${title}`],
    [ctx.t(M.sharePinterest), `https://pinterest.com/pin/create/button/?url=${u}&media=${image}&description=${title}`],
    [ctx.t(M.shareLinkedin), `https://www.linkedin.com/sharing/share-offsite/?url=${u}`],
    [ctx.t(M.shareMail), `mailto:?subject=${title}&body=${u}`],
  ];
  const items = links
    .map(([label, href]) => `<li><a href="${escapeHtml(href)}" rel="noopener noreferrer" target="_blank">${escapeHtml(label)}</a></li>`)
    .join('');
  return `<nav class="ov-share" aria-label="${escapeHtml(ctx.t(M.share))}"><h2>${escapeHtml(ctx.t(M.share))}</h2><ul>${items}</ul></nav>`;
}

function embedBlock(ctx: PageContext, book: PublicBook): string {
  const code = `<iframe src="${escapeHtml(ctx.absolute(ctx.viewer(book.id)))}" title="${escapeHtml(book.name)}" width="800" height="600" allowfullscreen style="border:0"></iframe>`;
  return `<details class="ov-embed"><summary>${escapeHtml(ctx.t(M.embed))}</summary><label>${escapeHtml(
    ctx.t(M.embedHelp),
  )}<textarea readonly rows="3">${escapeHtml(code)}</textarea></label></details>`;
}

const schemaPublisher = (ctx: PageContext, overview: { publisher: PublicationOverview['publisher'] }) => ({
  '@type': overview.publisher.organization ? 'Organization' : 'Person',
  name: overview.publisher.name,
  url: ctx.absolute(ctx.publisher(overview.publisher.id)),
});

/** GET /publication/<id>: the overview of one public publication. */
export function publicationHtml(ctx: PageContext, overview: PublicationOverview): string {
  const { book, publisher, texts } = overview;
  const { t } = ctx;
  const url = ctx.absolute(publicationPath(book.id));
  const cover = ctx.absolute(book.cover);
  const firstText = texts.find((text) => text.trim() !== '') ?? '';
  const description = shorten(book.description.trim() !== '' ? book.description : firstText);
  const head = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    // oEmbed discovery (src/server/oembed.ts): sites that embed links find the reader's iframe.
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(ctx.absolute(`/oembed?url=${encodeURIComponent(url)}&format=json`))}" title="${escapeHtml(book.name)}">`,
    meta('property', 'og:type', 'book'),
    meta('property', 'og:site_name', 'Quire'),
    meta('property', 'og:title', book.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', cover),
    meta('property', 'og:image:alt', t(M.coverAlt, { title: book.name })),
    meta('property', 'og:locale', ctx.lang),
    meta('property', 'book:release_date', isoDay(book.publishedAt)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', book.name),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', cover),
  ];
  // Search engines keep explicit publications out of safe search, and out of their index.
  if (book.isAdult) head.push(meta('name', 'rating', 'adult'), meta('name', 'robots', 'noindex'));
  const by = schemaPublisher(ctx, overview);
  head.push(
    jsonLdScript({
      '@context': 'https://schema.org',
      '@type': 'Book',
      '@id': url,
      name: book.name,
      description,
      url,
      image: cover,
      datePublished: isoDay(book.publishedAt),
      numberOfPages: book.pages,
      bookFormat: 'https://schema.org/EBook',
      author: by,
      publisher: by,
      potentialAction: { '@type': 'ReadAction', target: ctx.absolute(ctx.viewer(book.id)) },
    }),
  );

  const sections = texts
    .map((text, i) => {
      const label = t(M.pageLabel, { n: i + 1 });
      return `<section class="ov-page" aria-label="${escapeHtml(label)}">${pageText(text)}</section>`;
    })
    .join('\n');
  const body = `<article class="ov-publication">
<div class="ov-head">
<a class="ov-cover" href="${escapeHtml(ctx.viewer(book.id))}"><img src="${escapeHtml(book.cover)}" alt="${escapeHtml(
    t(M.coverAlt, { title: book.name }),
  )}" width="320"></a>
<div class="ov-info">
<h1>${escapeHtml(book.name)}</h1>
${book.isAdult ? `<p class="ov-flag">${escapeHtml(t(M.explicit))}</p>` : ''}
<dl class="ov-facts">
<dt>${escapeHtml(t(M.publisher))}</dt><dd><a href="${escapeHtml(ctx.publisher(publisher.id))}">${escapeHtml(publisher.name)}</a></dd>
<dt>${escapeHtml(t(M.published))}</dt><dd>${time(book.publishedAt, ctx.lang)}</dd>
<dt>${escapeHtml(t(M.pagesLabel))}</dt><dd>${escapeHtml(t(M.pagesCount, { count: book.pages }))}</dd>
</dl>
${book.description.trim() !== '' ? `<p class="ov-description">${escapeHtml(book.description)}</p>` : ''}
<p><a class="ov-button" href="${escapeHtml(ctx.viewer(book.id))}">${escapeHtml(t(M.read))}</a></p>
${book.share ? shareLinks(ctx, url, book) + embedBlock(ctx, book) : ''}
</div>
</div>
<section class="ov-text" aria-labelledby="ov-text-title">
<h2 id="ov-text-title">${escapeHtml(t(M.textTitle))}</h2>
${sections}
</section>
</article>`;
  return document(ctx, { title: book.name, head, body });
}

/** The path of a page of a publisher's list (page 1 has no query). */
const listPath = (ctx: PageContext, accountId: string, page: number) =>
  page === 1 ? ctx.publisher(accountId) : `${ctx.publisher(accountId)}?page=${page}`;

/** GET /publisher/<accountId>[?page=N]: a publisher's public publications, 25 a page. */
export function publisherHtml(ctx: PageContext, overview: PublisherOverview): string {
  const { publisher, books, page, pageCount, total } = overview;
  const { t } = ctx;
  const url = ctx.absolute(listPath(ctx, publisher.id, page));
  const description = t(M.publisherDescription, { name: publisher.name });
  const head = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', 'Quire'),
    meta('property', 'og:title', publisher.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', ctx.lang),
    meta('name', 'twitter:title', publisher.name),
    meta('name', 'twitter:description', description),
  ];
  // Link previews show no explicit cover (they carry no visitor's confirmation).
  const first = books.find((book) => !book.isAdult);
  if (first) {
    head.push(
      meta('property', 'og:image', ctx.absolute(first.cover)),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:image', ctx.absolute(first.cover)),
    );
  } else head.push(meta('name', 'twitter:card', 'summary'));
  if (page > 1) head.push(`<link rel="prev" href="${escapeHtml(ctx.absolute(listPath(ctx, publisher.id, page - 1)))}">`);
  if (page < pageCount) head.push(`<link rel="next" href="${escapeHtml(ctx.absolute(listPath(ctx, publisher.id, page + 1)))}">`);
  const offset = (page - 1) * PUBLISHER_PAGE_SIZE;
  head.push(
    jsonLdScript({
      '@context': 'https://schema.org',
      ...schemaPublisher(ctx, overview),
      '@id': ctx.absolute(ctx.publisher(publisher.id)),
      mainEntityOfPage: {
        '@type': 'ItemList',
        url,
        numberOfItems: total,
        itemListElement: books.map((book, i) => ({
          '@type': 'ListItem',
          position: offset + i + 1,
          url: ctx.absolute(publicationPath(book.id)),
          name: book.name,
        })),
      },
    }),
  );

  const items = books
    .map(
      (book) => `<li class="ov-card"><a href="${escapeHtml(publicationPath(book.id))}">
${
  book.isAdult && !ctx.explicitOk
    ? `<span class="ov-card__explicit">${escapeHtml(t(M.explicit))}</span>`
    : `<img src="${escapeHtml(book.cover)}" alt="" width="160" loading="lazy">`
}
<span class="ov-card__title">${escapeHtml(book.name)}</span></a>
<span class="ov-card__meta">${time(book.publishedAt, ctx.lang)} · ${escapeHtml(t(M.pagesCount, { count: book.pages }))}</span></li>`,
    )
    .join('\n');
  const link = (p: number, label: string, rel: string) =>
    `<a href="${escapeHtml(listPath(ctx, publisher.id, p))}" rel="${rel}">${escapeHtml(label)}</a>`;
  const paging =
    pageCount > 1
      ? `<nav class="ov-paging" aria-label="${escapeHtml(t(M.pagingLabel))}">${page > 1 ? link(page - 1, t(M.pagingPrevious), 'prev') : ''}<span>${escapeHtml(
          t(M.pagingPosition, { page, pages: pageCount }),
        )}</span>${page < pageCount ? link(page + 1, t(M.pagingNext), 'next') : ''}</nav>`
      : '';
  const body = `<section class="ov-publisher" aria-labelledby="ov-publisher-name">
<h1 id="ov-publisher-name">${escapeHtml(publisher.name)}</h1>
<h2>${escapeHtml(t(M.publications))} <small>${escapeHtml(t(M.publicationsCount, { count: total }))}</small></h2>
${books.length > 0 ? `<ul class="ov-grid">${items}</ul>` : `<p>${escapeHtml(t(M.publisherEmpty))}</p>`}
${paging}
</section>`;
  return document(ctx, { title: `${publisher.name} · Quire`, head, body });
}

/**
 * GET /publication/<id> of an explicit publication (is_adult) for a visitor who has not confirmed:
 * nothing of the publication (no cover, title, description or text; no Open Graph image), kept out of
 * search engines, and a form whose POST sets the confirmation cookie and comes back.
 */
export function explicitHtml(ctx: PageContext, bookId: string): string {
  const { t } = ctx;
  const body = `<section class="ov-explicit" aria-labelledby="ov-explicit-title">
<h1 id="ov-explicit-title">${escapeHtml(t(M.explicitTitle))}</h1>
<p>${escapeHtml(t(M.explicitText))}</p>
<div class="ov-actions">
<form method="post" action="${escapeHtml(explicitConfirmPath(bookId))}"><button type="submit" class="ov-button">${escapeHtml(t(M.explicitConfirm))}</button></form>
<a href="/">${escapeHtml(t(M.explicitLeave))}</a>
</div>
</section>`;
  return document(ctx, {
    title: t(M.explicitTitle),
    head: [meta('name', 'robots', 'noindex'), meta('name', 'rating', 'adult')],
    body,
  });
}

/** The answer to an unknown or gated publication or publisher: the same page for every reason. */
export function notFoundHtml(ctx: PageContext): string {
  const body = `<section class="ov-missing"><h1>${escapeHtml(ctx.t(M.notFoundTitle))}</h1><p>${escapeHtml(
    ctx.t(M.notFoundText),
  )}</p><p><a class="ov-button" href="/">${escapeHtml(ctx.t(M.home))}</a></p></section>`;
  return document(ctx, { title: ctx.t(M.notFoundTitle), head: [meta('name', 'robots', 'noindex')], body });
}
