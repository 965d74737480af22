import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { createElement as h } from 'react';
import { LANGUAGES } from '../../contracts/languages';
import { SITE_PATHS } from '../../contracts/pages';
import { PUBLIC } from '../auth/rules';
import { renderFragment } from '../html/render';
import { loadTranslators } from '../i18n';
import { cspDirectives } from '../plugins/security';
import { CACHE_IMMUTABLE } from '../plugins/static';
import { publicBase, publicUrlOf } from '../public-url';
import { publisherUrl } from '../publish/views';
import { publicationPath, sitemapEntries } from '../reader/overview';
import { languageOrigin, siteContext } from '../site/context';
import { SITE_PAGES } from '../site/pages';
import { SITE_CSS, SITE_CSS_PATH } from '../site/style';

/** Shared caches keep the public pages a few minutes (a book made private leaves them soon after). */
export const CACHE_SITE = 'public, max-age=300';
/** URLs in one sitemap file at most (the protocol's limit is 50,000). */
export const SITEMAP_MAX = 50_000;

/**
 * The public site outside the app shell (registered at the root by app.ts):
 *   GET <path> of site/pages.ts   the server-rendered site pages (pricing, terms, feature pages…)
 *   GET /site-<hash>.css          their stylesheet (and the publication and publisher pages')
 *   GET /manifest.webmanifest     the web app manifest
 *   GET /robots.txt               what crawlers may visit, and where the sitemap is
 *   GET /sitemap.xml              the site pages in every language, public publications and publishers
 */
const siteRoutes: FastifyPluginAsync = async (app) => {
  const translators = loadTranslators();
  const context = siteContext(app, translators);
  const base = cspDirectives(app.config);
  const thumbs = app.config.hosts.thumbs;
  // Covers (the explorer) may come from a thumbnails CDN, as on the publisher page.
  const csp = { ...base, 'img-src': [...(base['img-src'] ?? []), ...(/^https?:\/\//.test(thumbs) ? [new URL(thumbs).origin] : [])] };
  const routeOptions = { helmet: { contentSecurityPolicy: { useDefaults: false, directives: csp } } };

  const sendHtml = (reply: FastifyReply, status: number, html: string, personal: boolean) =>
    reply
      .code(status)
      .header('cache-control', personal ? 'private, no-cache' : status === 200 ? CACHE_SITE : 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(html);

  for (const page of SITE_PAGES) {
    // A fresh config: helmet writes the route's policy into it (PUBLIC is shared, and frozen).
    app.get(page.path, { ...routeOptions, config: { ...PUBLIC } }, async (request, reply) => {
      const ctx = await context(request);
      const answer = await page.render(ctx, request, app);
      // The header shows the signed-in visitor's account: such a page is theirs alone.
      return sendHtml(reply, answer.status ?? 200, answer.html, answer.personal === true || ctx.signedIn);
    });
  }

  app.get(SITE_CSS_PATH, { config: PUBLIC }, async (_request, reply) =>
    reply.header('cache-control', CACHE_IMMUTABLE).type('text/css; charset=utf-8').send(SITE_CSS),
  );

  app.get('/manifest.webmanifest', { config: PUBLIC }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('application/manifest+json; charset=utf-8')
      .send({
        name: 'Quire',
        short_name: 'Quire',
        description: 'Flipbook publishing you can host yourself.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#3d3ad6',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      }),
  );

  app.get('/robots.txt', { config: PUBLIC }, async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /account',
      'Disallow: /publish',
      'Disallow: /upload',
      'Disallow: /oauth',
      '',
      `Sitemap: ${publicUrlOf(app, request, '/sitemap.xml')}`,
      '',
    ];
    return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { config: PUBLIC }, async (request, reply) => {
    const base = publicBase(app, request);
    const absolute = (path: string) => publicUrlOf(app, request, path);
    const inLanguages = (path: string) =>
      LANGUAGES.flatMap((lang) => {
        const origin = languageOrigin(base, lang);
        return origin ? [{ lang, href: `${origin}${path}` }] : [];
      });
    const urls: { loc: string; lastmod?: string; alternates?: { lang: string; href: string }[] }[] = [];
    for (const path of ['/', ...SITE_PATHS]) urls.push({ loc: absolute(path), alternates: inLanguages(path) });
    const { books, publishers } = await sitemapEntries(app, SITEMAP_MAX - urls.length);
    for (const book of books) urls.push({ loc: absolute(publicationPath(book.id)), lastmod: new Date(book.updatedAt).toISOString() });
    for (const id of publishers) urls.push({ loc: absolute(publisherUrl(id)) });
    const xml = renderFragment(
      h(
        'urlset',
        { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9', 'xmlns:xhtml': 'http://www.w3.org/1999/xhtml' },
        urls.slice(0, SITEMAP_MAX).map((url) =>
          h(
            'url',
            { key: url.loc },
            h('loc', null, url.loc),
            url.lastmod && h('lastmod', null, url.lastmod),
            (url.alternates ?? []).map((a) => h('xhtml:link', { key: a.lang, rel: 'alternate', hreflang: a.lang, href: a.href })),
          ),
        ),
      ),
    );
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`);
  });
};

export default siteRoutes;
