import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { ReaderStatsSchema } from '../../../contracts/reader';
import { owner, reader } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { ApiError, ok, parse } from '../../envelope';
import { ANY_ORIGIN } from '../../plugins/csrf';
import { rateLimit } from '../../plugins/security';
import { findOwnedBook } from '../../publish/repo';
import { callerAccount, requireAccess } from '../../reader/access';
import { recordReport, summarize } from '../../reader/stats';

const StatsQuerySchema = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) });

/**
 * Reading statistics (issue "Reading"), first-party only:
 *   POST {api}/public/book/stats   the reader's report (sendBeacon; anonymous allowed) → {}
 *   GET  {api}/account/book/stats?id=   the owner's totals → ReaderStatsSummary
 * A report passes the same gates as the book call (a private book counts only through its link) and
 * the owner's own reading is not counted. Nothing identifying is stored (no IP, no account).
 */
const readerStatsRoutes: FastifyPluginAsync = async (app) => {
  const readerRule = reader({ book: 'body.id', token: 'body.token', key: 'link' });
  app.post('/public/book/stats', { config: { ...readerRule, ...rateLimit(60, '1 minute'), ...ANY_ORIGIN } }, async (request, reply) => {
    const body = parse(ReaderStatsSchema, request.body);
    const access = await requireAccess(app, request, body.id, body.token);
    if (body.pages.some((p) => p.page > access.row.pages_total)) throw new ApiError('validation', { fields: ['pages'] });
    // resolveAccess only looks at the session when a gate refuses; a public book read by its owner
    // is found out here, and only when the request carries a session at all.
    const owner = access.owner || (await callerAccount(app, request)) === access.row.account_id;
    if (!owner) {
      await recordReport(
        app.db,
        { bookId: access.row.id, session: body.session, device: body.device, open: body.open === true, pages: body.pages },
        app.clock(),
      );
    }
    reply.header('cache-control', 'no-store');
    return ok(reply, {});
  });

  app.get('/account/book/stats', { preHandler: app.requireSession, config: owner({ 'query.id': 'book' }) }, async (request, reply) => {
    const { account } = authOf(request);
    const { id } = parse(StatsQuerySchema, request.query);
    const row = await findOwnedBook(app.db, account.id, id);
    if (!row) throw new ApiError('bookNotFound');
    reply.header('cache-control', 'private, no-store');
    return ok(reply, await summarize(app.db, row.id, row.pages_total));
  });
};

export default readerStatsRoutes;
