import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { LANGUAGES, type Language } from '../../contracts/languages';
import { STATS_PARAMS, STATS_VIA_WIDGET } from '../../contracts/stats-limits';
import { parseWidgetQuery } from '../../contracts/widget';
import { listed, PUBLIC } from '../auth/rules';
import { loadTranslators } from '../i18n';
import { oembedRoutes } from '../oembed';
import { CACHE_IMMUTABLE, pageLanguage } from '../plugins/static';
import { publicUrlOf } from '../public-url';
import { viewerUrl } from '../publish/views';
import { publicationPath } from '../reader/overview';
import { storageOrigins } from '../storage/serve';
import { WIDGET_CSS, WIDGET_CSS_FILE, WIDGET_JS, WIDGET_JS_FILE } from '../widget/assets';
import { libraryHtml, unavailableHtml, type WidgetPageContext } from '../widget/html';
import { findLibrary, LIBRARY_SCAN_MAX } from '../widget/library';

/** Columns a frame fits at most (about 2,900 px of large thumbnails): the page without its script shows rows × this. */
export const WIDGET_MAX_COLUMNS = 12;
/** Shared caches keep a library page a few minutes (a new or hidden book shows soon after). */
const CACHE_LIBRARY = 'public, max-age=300';

/** The path part of a host base URL ('' for the origin root). */
const basePath = (host: string) => (/^https?:\/\//.test(host) ? new URL(host).pathname : host).replace(/\/+$/, '');
const origin = (host: string) => (/^https?:\/\//.test(host) ? [new URL(host).origin] : []);

/**
 * The library widget and oEmbed (registered at the root by app.ts):
 *   GET {embed}/library/?<widget options>[&start=N][&lang=xx]  the widget page (widget/html.ts),
 *       framable by any site (`frame-ancestors *`), no cookies read, no inline script
 *   GET {embed}/library/widget-<hash>.css|.js                  its stylesheet and fitting script
 *   GET /oembed?url=…&format=json                               oembed.ts
 */
const widgetRoutes: FastifyPluginAsync = async (app) => {
  const translators = loadTranslators();
  const hosts = app.config.hosts;
  const base = `${basePath(hosts.embed)}/library`;
  const csp = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    // Thumbnails served by redirect come from the bucket (issue 19).
    'img-src': ["'self'", 'data:', ...origin(hosts.thumbs), ...storageOrigins(app.config)],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ['*'],
  };
  const routeOptions = {
    helmet: {
      contentSecurityPolicy: { useDefaults: false, directives: csp },
      frameguard: false as const,
    },
  };

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('cache-control', status === 200 ? CACHE_LIBRARY : 'no-cache')
      .header('vary', 'Accept-Language')
      // Thumbnails and the page itself are meant for other sites' frames.
      .header('cross-origin-resource-policy', 'cross-origin')
      .type('text/html; charset=utf-8')
      .send(html);

  app.get(`${base}/`, { ...routeOptions, config: listed({ 'query.id': 'account' }) }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const asked =
      typeof query.lang === 'string' && (LANGUAGES as readonly string[]).includes(query.lang) ? (query.lang as Language) : undefined;
    const lang = asked ?? pageLanguage(request.headers.host, undefined, request.headers['accept-language']);
    const absolute = (u: string) => publicUrlOf(app, request, u);
    const ctx: WidgetPageContext = {
      lang,
      t: translators(lang),
      base: `${base}/`,
      css: `${base}/${WIDGET_CSS_FILE}`,
      js: `${base}/${WIDGET_JS_FILE}`,
      // Marked as the widget's (the statistics count the visit's context, issue 17).
      reader: (id) => `${absolute(viewerUrl(app.config, id))}?${STATS_PARAMS.via}=${STATS_VIA_WIDGET}`,
      overview: (id) => absolute(publicationPath(id)),
    };
    const options = parseWidgetQuery(query);
    const rawStart = typeof query.start === 'string' && /^\d{1,6}$/.test(query.start) ? Number(query.start) : 0;
    const start = Math.min(rawStart, LIBRARY_SCAN_MAX);
    if (!options) return send(reply, 404, unavailableHtml(ctx, undefined));
    const shown = options.rows * WIDGET_MAX_COLUMNS;
    const library = await findLibrary(app, options, start, shown);
    if (!library) return send(reply, 404, unavailableHtml(ctx, options));
    return send(reply, 200, libraryHtml(ctx, options, library, start, shown));
  });

  const asset = (file: string, type: string, body: string) =>
    app.get(`${base}/${file}`, { config: PUBLIC }, async (_request, reply) =>
      reply.header('cache-control', CACHE_IMMUTABLE).header('cross-origin-resource-policy', 'cross-origin').type(type).send(body),
    );
  asset(WIDGET_CSS_FILE, 'text/css; charset=utf-8', WIDGET_CSS);
  asset(WIDGET_JS_FILE, 'text/javascript; charset=utf-8', WIDGET_JS);

  await app.register(oembedRoutes);
};

export default widgetRoutes;
