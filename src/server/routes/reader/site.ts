import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { READER_TOKEN_PARAM, READER_WIDTHS } from '../../../contracts/reader';
import { reader } from '../../auth/rules';
import { PAGE_SMALL_WIDTH, PAGE_WIDTH } from '../../convert/index';
import { cspDirectives } from '../../plugins/security';
import { CACHE_IMMUTABLE, CACHE_NONE } from '../../plugins/static';
import { resolveAccess } from '../../reader/access';
import { inlinePageOne, readerKeys, storedPageImage } from '../../reader/files';
import { createReadPage, type ReadPageInput } from '../../reader/page';
import { readerBook, readManifest } from '../../reader/views';
import { isSafeId } from '../../storage/paths';
import { sendStored, stored } from '../../storage/serve';

const WIDTHS: readonly number[] = Object.values(READER_WIDTHS);
const CACHE_PRIVATE = 'private, max-age=3600';
/** The normal-width JPEG sent while a WebP (normal or small) is being made: kept briefly, so the WebP replaces it. */
const CACHE_INTERIM = 'max-age=60';

const notFound = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');

/** Absolute hosts' origins (a CDN for thumbnails, another API host) the reader page loads from. */
function origins(hosts: string[]): string[] {
  const out = new Set<string>();
  for (const host of hosts) if (/^https?:\/\//.test(host)) out.add(new URL(host).origin);
  return [...out];
}

/**
 * The reader outside the API (registered at the root by app.ts):
 *   GET {thumbs}/pages/<bookId>/<width>/<n>.webp   page images (READER_WIDTHS), gated like the book:
 *       a private book's by its pages token (`t`) or the owner's cookie; `.jpg` at the normal width
 *       is the renderer's JPEG as is; while the book converts (its owner only), pages 1…pages_done
 *       answer that JPEG at every width;
 *   GET {viewer}/read/<bookId>                       the reader's HTML page (reader/page.ts), which
 *       other sites may frame (embeds): `frame-ancestors *` here only.
 * Refusals of page images are plain 404s: an image URL tells nothing about why.
 */
const readerSiteRoutes: FastifyPluginAsync = async (app) => {
  const pagesRule = reader({ book: 'params.bookId', token: 'query.t', key: 'pages' });
  app.get('/pages/:bookId/:width/:file', { config: pagesRule }, async (request, reply) => {
    const { bookId, width: w, file } = request.params as { bookId: string; width: string; file: string };
    // One spelling per image (no leading zeros), so caches never hold two copies of it.
    const match = /^([1-9]\d{0,5})\.(webp|jpg)$/.exec(file);
    const width = Number(w);
    if (!isSafeId(bookId) || !match || String(width) !== w || !WIDTHS.includes(width)) return notFound(reply);
    const page = Number(match[1]);
    const jpeg = match[2] === 'jpg';
    if (jpeg && width !== PAGE_WIDTH) return notFound(reply);
    const { t } = request.query as { t?: unknown };
    const result = await resolveAccess(
      app,
      request,
      bookId,
      { kind: 'pages', token: typeof t === 'string' ? t : undefined },
      { progressive: true },
    );
    if (!result.ok) return notFound(reply);
    const { row } = result.access;
    if (page < 1 || page > row.pages_total) return notFound(reply);
    if (row.status !== 'DONE') {
      // Progressive reading (the owner, while the book converts): pages 1…pages_done have their normal
      // JPEG in the store; every width answers it (the WebPs are made once the book is DONE, from its
      // manifest), kept briefly and privately.
      if (page > row.pages_done) return notFound(reply);
      reply.header('vary', 'Cookie').header('cross-origin-resource-policy', 'cross-origin');
      return sendStored(app, request, reply, readerKeys(row.id).jpeg(page), {
        contentType: 'image/jpeg',
        cacheControl: `private, ${CACHE_INTERIM}`,
        notFound,
      });
    }
    const isPrivate = row.publishing_mode === 2 || result.access.owner;
    const cache = isPrivate ? CACHE_PRIVATE : CACHE_IMMUTABLE;
    // Through the file store (issue 19): this instance's data folder may not hold the book.
    const keys = readerKeys(row.id);

    let key: string | null;
    let type = 'image/webp';
    let cacheControl = cache;
    if (jpeg) {
      key = keys.jpeg(page);
      type = 'image/jpeg';
    } else if ((width === PAGE_WIDTH || width === PAGE_SMALL_WIDTH) && !(await stored(app.storage.stat(keys.webp(width, page))))) {
      // First request of this page at this width: the JPEG the conversion made answers now (the WebP
      // takes 0.3–1.5 s to encode, the small one an encoder's start), and the WebP is made meanwhile
      // for the next readers.
      storedPageImage(app, row.id, page, width).catch((err: unknown) => request.log.warn({ err, bookId, page }, 'page image failed'));
      key = keys.jpeg(page);
      type = 'image/jpeg';
      cacheControl = `${isPrivate ? 'private' : 'public'}, ${CACHE_INTERIM}`;
    } else {
      key = await storedPageImage(app, row.id, page, width);
    }
    if (!key) return notFound(reply);
    if (isPrivate) reply.header('vary', 'Cookie');
    // The thumbs host may be a CDN, and embeds show pages on other sites.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return sendStored(app, request, reply, key, { contentType: type, cacheControl, notFound });
  });

  const page = createReadPage(app);
  const hosts = app.config.hosts;
  const base = cspDirectives(app.config);
  const remote = origins([hosts.api, hosts.thumbs, hosts.static, hosts.skins, hosts.beacon, hosts.data, hosts.dataSecure]);
  // The reader page: framed anywhere (embeds); images and sounds also from the owner's own URLs
  // (logo, background, music: http(s) URLs of the book settings); scripts stay our own.
  const readerCsp = {
    ...base,
    'img-src': [...(base['img-src'] ?? []), ...remote, 'https:'],
    'media-src': ["'self'", ...remote, 'https:'],
    'connect-src': [...(base['connect-src'] ?? []), ...remote],
    'frame-ancestors': ['*'],
  };

  app.get(
    '/read/:bookId',
    {
      helmet: {
        contentSecurityPolicy: { useDefaults: false, directives: readerCsp },
        frameguard: false,
        // Any site may frame the reader (embeds), so a cross-origin window can already reach it: COOP
        // would protect nothing here, and it costs every cold open a browsing-context-group swap (a
        // fresh renderer process, ~40 ms before page 1 in the reader benchmark).
        crossOriginOpenerPolicy: { policy: 'unsafe-none' },
      },
      config: reader({ book: 'params.bookId', token: `query.${READER_TOKEN_PARAM}`, key: 'link' }),
    },
    async (request, reply) => {
      const { bookId } = request.params as { bookId: string };
      const query = request.query as Record<string, unknown>;
      const token = query[READER_TOKEN_PARAM];
      let outcome: ReadPageInput['outcome'];
      if (isSafeId(bookId)) {
        const link = { kind: 'link', token: typeof token === 'string' ? token : undefined } as const;
        // The owner reads a book being converted (progressive reading): page 1 shows as for a DONE
        // book (from its JPEG: nothing inline), the reader follows the rest.
        const result = await resolveAccess(app, request, bookId, link, { progressive: true });
        const manifest = result.ok ? await readManifest(app.storage, result.access.row) : undefined;
        const converting = result.ok && result.access.row.status !== 'DONE';
        if (!result.ok) outcome = { error: result.error };
        else if (!manifest && !converting) outcome = { error: 'bookConverting' };
        else {
          const { access } = result;
          const index = !access.owner && access.row.publishing_mode === 1;
          const book = await readerBook(app, access, manifest);
          const inline = book.is_adult || converting ? undefined : await inlinePageOne(app, access.row.id, request.log);
          outcome = { book, index, pageOne: inline };
        }
      }
      const html = await page.render(request, { bookId, outcome });
      // A page with a private book inline (owner, private link) stays out of shared caches.
      const shared = !outcome || !('book' in outcome) || outcome.index;
      reply.header('cache-control', shared ? CACHE_NONE : `private, ${CACHE_NONE}`).header('vary', 'Cookie, Accept-Language');
      if (html === undefined) return reply.code(503).type('text/plain; charset=utf-8').send('The reader is not built yet (run the build).');
      return reply.code(200).type('text/html; charset=utf-8').send(html);
    },
  );
};

export default readerSiteRoutes;
