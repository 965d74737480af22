import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { COOKIE_LIFETIME_DAYS, COOKIE_PATH } from '../../../contracts/cookies';
import { EXPLICIT_COOKIE } from '../../../contracts/reader';
import { listed } from '../../auth/rules';
import { favoriteBox } from '../../favorites/page';
import { loadTranslators } from '../../i18n';
import { cspDirectives } from '../../plugins/security';
import { secureCookies } from '../../public-url';
import { findPublication, findPublisher, publicationPath } from '../../reader/overview';
import { explicitHtml, notFoundHtml, publicationHtml, publisherHtml } from '../../reader/overview-html';
import { siteContext } from '../../site/context';

/** Shared caches keep the public pages a few minutes (a book made private leaves them soon after). */
export const CACHE_OVERVIEW = 'public, max-age=300';

/**
 * The public pages (registered at the root by app.ts), server-rendered for search engines and link
 * previews (reader/overview-html.ts):
 *   GET /publication/<bookId>            a public publication's overview (cover, facts, read button,
 *                                        share and embed, the text of every page)
 *   GET /publisher/<accountId>?page=N    a publisher's public publications, 25 a page
 *   POST /publication/<bookId>/explicit  SPEC §2 safe mode: "I am of age" → the EXPLICIT_COOKIE, back
 * The publication's heart (issue 16) posts to routes/reader/favorite-site.ts.
 * Both are in the public site's frame (site/layout.tsx, its stylesheet served by routes/site.ts).
 * Unknown, private, scheduled, deactivated, blocked and unconverted books answer the same 404 page.
 * An explicit book (is_adult) shows an interstitial until the visitor confirms (the cookie the reader
 * reads and writes too), is never indexed, and the publisher page lists it without its cover.
 */
const overviewRoutes: FastifyPluginAsync = async (app) => {
  const translators = loadTranslators();
  const base = cspDirectives(app.config);
  const thumbs = app.config.hosts.thumbs;
  // Covers may come from a thumbnails CDN; nothing else on these pages loads from elsewhere.
  const csp = {
    ...base,
    'img-src': [...(base['img-src'] ?? []), ...(/^https?:\/\//.test(thumbs) ? [new URL(thumbs).origin] : [])],
  };
  const routeOptions = { helmet: { contentSecurityPolicy: { useDefaults: false, directives: csp } } };

  const context = siteContext(app, translators);

  const send = (reply: FastifyReply, status: number, html: string, personal = false) =>
    reply
      .code(status)
      // A missing page may become public at any time (scheduled date, owner's switch): not kept.
      // What depends on the visitor (confirmation, the header's account) stays out of shared caches.
      .header('cache-control', personal ? 'private, no-cache' : status === 200 ? CACHE_OVERVIEW : 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(html);

  // Its forms (the heart, the explicit-content confirmation) post with the session cookie, and the CSRF
  // guard wants their origin: under helmet's default `no-referrer` Chromium sends `Origin: null` instead.
  const publicationOptions = { helmet: { ...routeOptions.helmet, referrerPolicy: { policy: 'same-origin' as const } } };
  app.get('/publication/:bookId', { ...publicationOptions, config: listed({ 'params.bookId': 'book' }) }, async (request, reply) => {
    const { bookId } = request.params as { bookId: string };
    const ctx = await context(request);
    const overview = await findPublication(app, bookId);
    if (!overview) return send(reply, 404, notFoundHtml(ctx));
    // The heart (issue 16): the count for everyone, the visitor's own favourite when signed in.
    const favorite = await favoriteBox(app, request, overview.book.id, ctx.signedIn);
    if (!overview.book.isAdult) return send(reply, 200, publicationHtml(ctx, overview, favorite), ctx.signedIn);
    reply.header('x-robots-tag', 'noindex');
    return send(reply, 200, ctx.explicitOk ? publicationHtml(ctx, overview, favorite) : explicitHtml(ctx, overview.book.id), true);
  });

  app.post('/publication/:bookId/explicit', { config: listed({ 'params.bookId': 'book' }) }, async (request, reply) => {
    const { bookId } = request.params as { bookId: string };
    // Only a public publication's own page is a place to come back to (no open redirect).
    const overview = await findPublication(app, bookId);
    if (!overview) return send(reply, 404, notFoundHtml(await context(request)));
    const secure = secureCookies(app, request) ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${EXPLICIT_COOKIE}=1; Path=${COOKIE_PATH}; Max-Age=${COOKIE_LIFETIME_DAYS * 86_400}; SameSite=Lax${secure}`,
    );
    return reply.header('cache-control', 'no-store').redirect(publicationPath(overview.book.id), 303);
  });

  app.get('/publisher/:accountId', { ...routeOptions, config: listed({ 'params.accountId': 'account' }) }, async (request, reply) => {
    const { accountId } = request.params as { accountId: string };
    const { page: raw } = request.query as { page?: unknown };
    // Page numbers without leading zeros only (the canonical link names page 1 without the query).
    const page = raw === undefined ? 1 : typeof raw === 'string' && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : Number.NaN;
    const ctx = await context(request);
    const overview = await findPublisher(app, accountId, page);
    if (!overview) return send(reply, 404, notFoundHtml(ctx));
    return send(reply, 200, publisherHtml(ctx, overview), ctx.signedIn || overview.books.some((book) => book.isAdult));
  });
};

export default overviewRoutes;
