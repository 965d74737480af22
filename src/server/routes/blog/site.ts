import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PUBLIC } from '../../auth/rules';
import { type BlogPageContext, blogIndexHtml, blogNotFoundHtml, blogPostHtml } from '../../blog/html';
import { SLUG } from '../../blog/posts';
import { loadTranslators } from '../../i18n';
import { cspDirectives } from '../../plugins/security';
import { siteContext } from '../../site/context';

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
const CACHE_BLOG = 'public, max-age=300';

/**
 * The blog's pages (registered at the root by app.ts; the drawer's Blog link and the teasers lead here):
 *   GET /blog                  the teasers of the visitor's language (blog/html.tsx)
 *   GET /blog/<slug>           a shipped Markdown post (English when not translated)
 *   GET /blog/images/<file>    the shipped posts' images
 */
const blogSiteRoutes: FastifyPluginAsync = async (app) => {
  const translators = loadTranslators();
  const base = cspDirectives(app.config);
  // A feed's teasers may show images from anywhere on the web.
  const csp = { ...base, 'img-src': [...(base['img-src'] ?? []), 'https:'] };
  // A fresh config object per route: @fastify/helmet writes the route's `helmet` into its config (the shared PUBLIC must stay untouched).
  const routeOptions = () => ({ helmet: { contentSecurityPolicy: { useDefaults: false, directives: csp } }, config: { ...PUBLIC } });

  const context = siteContext(app, translators);
  const send = (reply: FastifyReply, status: number, html: string, ctx: BlogPageContext) =>
    reply
      .code(status)
      // The site header shows a signed-in visitor's account: such a page is theirs alone.
      .header('cache-control', ctx.signedIn ? 'private, no-cache' : status === 200 ? CACHE_BLOG : 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(html);

  app.get('/blog', routeOptions(), async (request, reply) => {
    const ctx = await context(request);
    return send(reply, 200, blogIndexHtml(ctx, await app.blog.teasers(ctx.lang)), ctx);
  });

  app.get('/blog/:slug', routeOptions(), async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const ctx = await context(request);
    const post = SLUG.test(slug) ? (await app.blog.posts(ctx.lang)).find((p) => p.slug === slug) : undefined;
    if (!post) return send(reply, 404, blogNotFoundHtml(ctx), ctx);
    return send(reply, 200, blogPostHtml(ctx, post), ctx);
  });

  app.get('/blog/images/:file', { config: PUBLIC }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const match = /^[\w-]+\.(svg|png|jpe?g|webp)$/.exec(file);
    const filePath = match ? path.join(app.blog.postsDir, 'images', file) : '';
    const info = filePath ? await stat(filePath).catch(() => undefined) : undefined;
    if (!match || !info?.isFile())
      return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not Found');
    return (
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('content-length', info.size)
        // An SVG opened on its own runs no script and loads nothing.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type(IMAGE_TYPES[match[1] ?? ''] ?? 'application/octet-stream')
        .send(createReadStream(filePath))
    );
  });
};

export default blogSiteRoutes;
