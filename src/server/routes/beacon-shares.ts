import type { FastifyPluginAsync } from 'fastify';
import { ShareCountsQuerySchema } from '../../contracts/share';
import { owner } from '../auth/rules';
import { authOf } from '../auth/session';
import { shareCounts } from '../beacon/repo';
import { ApiError, ok, parse } from '../envelope';
import { findOwnedBook } from '../publish/repo';

/**
 * The owner's share counts for the statistics (issue 7), under /api:
 *   GET {api}/account/book/shares?id=<book>  → ShareCounts of one of the caller's books
 *   GET {api}/account/book/shares            → ShareCounts of the caller's own page (account shares)
 * Waiting counters are written first, so a share shows at once (a flush costs one small transaction).
 */
const beaconSharesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/account/book/shares', { preHandler: app.requireSession, config: owner({ 'query.id': 'book' }) }, async (request, reply) => {
    const { account } = authOf(request);
    const { id } = parse(ShareCountsQuerySchema, request.query);
    if (id !== undefined && !(await findOwnedBook(app.db, account.id, id))) throw new ApiError('bookNotFound');
    await app.shareBeacon.flush();
    reply.header('cache-control', 'private, no-store');
    return ok(reply, await shareCounts(app.db, account.id, id ?? null));
  });
};

export default beaconSharesRoutes;
