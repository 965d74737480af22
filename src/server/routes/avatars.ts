import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PUBLIC } from '../auth/rules';
import { CACHE_IMMUTABLE } from '../plugins/static';
import { avatarFile } from '../profile/avatar';
import { isSafeId } from '../storage/paths';
import { sendStored } from '../storage/serve';

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not Found');

/**
 * Avatars at `{thumbs}/avatars/<accountId>/<version>-<size>.webp` (no envelope), registered at the root
 * by app.ts. An avatar is public — the publisher page shows it to everyone — so anyone may load the
 * current version; a replaced or removed one is gone. The version is in the name, so a file is kept
 * for good by browsers and shared caches, and may be shown by other sites (the thumbs host may be a CDN).
 */
const avatarRoutes: FastifyPluginAsync = async (app) => {
  app.get('/avatars/:accountId/:file', { config: PUBLIC }, async (request, reply) => {
    const { accountId, file } = request.params as { accountId: string; file: string };
    if (!isSafeId(accountId)) return notFound(reply);
    const found = avatarFile(app, accountId, file);
    if (!found) return notFound(reply);
    const account = await app.db.selectFrom('accounts').select('avatar').where('id', '=', accountId).executeTakeFirst();
    if (!account || account.avatar !== found.version) return notFound(reply);
    // From the file store (issue 19): another instance may have received the avatar.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return sendStored(app, request, reply, app.storage.keyOf(found.path), {
      contentType: 'image/webp',
      cacheControl: CACHE_IMMUTABLE,
      notFound,
    });
  });
};

export default avatarRoutes;
