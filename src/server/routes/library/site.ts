import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { BRAND_FILES, type BrandFile, LIBRARY_FIELD, LIBRARY_ID, libraryLocation } from '../../../contracts/library';
import { reader } from '../../auth/rules';
import { optionalAuth } from '../../auth/session';
import { findItem } from '../../library/repo';
import { designOf, skinPreview } from '../../library/views';
import { resolveAccess } from '../../reader/access';
import { isSafeId, libraryPaths } from '../../storage/paths';
import { sendStored } from '../../storage/serve';

const CACHE_PUBLIC = 'public, max-age=86400';
const CACHE_PRIVATE = 'private, max-age=3600';

const notFound = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');

/**
 * The files of the account libraries (issue 16), on the skins host: `{skins}/brand/<id>/<file>`
 * (`image.webp`, `preview.webp` for images; `preview.svg` for skins). Nothing lists them; each is
 * served
 *  - with `b=<book id>` (and `t=<pages token>` for a private book), when that book passes the reader's
 *    gates for the caller (reader/access.ts, like its page images) and uses the item: whoever may read
 *    a book that uses an image may load it (the reader's URLs carry both, src/server/reader/views.ts);
 *  - without `b`, to the item's owner (the session cookie or a bearer token): the library and the
 *    book settings show previews.
 * Every refusal is the same plain 404, like an unknown id.
 */
const librarySiteRoutes: FastifyPluginAsync = async (app) => {
  const rule = reader({ book: 'query.b', token: 'query.t', key: 'pages', ids: { 'params.id': 'background' } });
  app.get('/brand/:id/:file', { config: rule }, async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const { b, t } = request.query as { b?: unknown; t?: unknown };
    if (!LIBRARY_ID.test(id) || !(BRAND_FILES as readonly string[]).includes(file)) return notFound(reply);
    const item = await findItem(app.db, id);
    const isSkin = item?.kind === 'skin';
    if (!item || isSkin !== (file === 'preview.svg')) return notFound(reply);

    let cache = CACHE_PRIVATE;
    if (b !== undefined) {
      if (typeof b !== 'string' || !isSafeId(b)) return notFound(reply);
      const result = await resolveAccess(app, request, b, { kind: 'pages', token: typeof t === 'string' ? t : undefined });
      if (!result.ok) return notFound(reply);
      const { row, settings, owner } = result.access;
      const uses = (settings as Record<string, unknown>)[LIBRARY_FIELD[item.kind]] === libraryLocation(item.id);
      if (row.account_id !== item.account_id || !uses) return notFound(reply);
      if (!owner && row.publishing_mode === 1) cache = CACHE_PUBLIC;
    } else {
      const auth = await optionalAuth(app, request);
      if (auth?.account.id !== item.account_id) return notFound(reply);
    }
    reply
      .header('cache-control', cache)
      .header('vary', 'Cookie, Authorization')
      // The skins host may be a CDN, and embeds show the reader on other sites.
      .header('cross-origin-resource-policy', 'cross-origin');

    if (isSkin) {
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(skinPreview(designOf(item)));
    }
    // From the file store (issue 19): another instance may have received the image.
    const paths = libraryPaths(app.config.dataDir, item.account_id, item.id);
    const key = app.storage.keyOf((file as BrandFile) === 'preview.webp' ? paths.preview : paths.image);
    return sendStored(app, request, reply, key, { contentType: 'image/webp', cacheControl: cache, notFound });
  });
};

export default librarySiteRoutes;
