import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { ReaderBookQuerySchema, type ReaderSearchHit, ReaderSearchQuerySchema } from '../../../contracts/reader';
import { reader } from '../../auth/rules';
import { ApiError, ok, parse } from '../../envelope';
import { rateLimit } from '../../plugins/security';
import { type ReaderAccess, requireAccess } from '../../reader/access';
import { readPageText, searchBook } from '../../reader/search';
import { readerBook, readManifest } from '../../reader/views';
import readerDownloadRoutes from './download';

const ReaderTextQuerySchema = v.object({
  ...ReaderBookQuerySchema.entries,
  page: v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)),
});

/**
 * The reader's calls (anonymous allowed; a bearer token or the cookie makes the owner known):
 *   GET {api}/public/book/get?id=&token=          → ReaderBook (its owner's: also while it converts)
 *   GET {api}/public/book/text?id=&page=&token=   → {page, text}   (screen readers, selection)
 *   GET {api}/public/book/search?id=&q=&token=    → ReaderSearchHit[] (with the matches' rectangles)
 * Each passes the gates of reader/access.ts first. Answers are `private, no-store` when the caller
 * came through the owner's session or a private link, so no shared cache keeps them.
 */
const readerRoutes: FastifyPluginAsync = async (app) => {
  const readerCall = reader({ book: 'query.id', token: 'query.token', key: 'link' });
  await app.register(readerDownloadRoutes);
  const cacheHeader = (access: ReaderAccess) =>
    access.owner || access.row.publishing_mode === 2 ? 'private, no-store' : 'public, max-age=60';

  app.get('/public/book/get', { config: readerCall }, async (request, reply) => {
    const query = parse(ReaderBookQuerySchema, request.query);
    // The owner may read a book being converted (progressive reading, reader/access.ts): its pages so
    // far, `converting` telling how far; the reader asks again until the book is DONE.
    const access = await requireAccess(app, request, query.id, query.token, { progressive: true });
    const manifest = await readManifest(app.storage, access.row);
    const converting = access.row.status !== 'DONE';
    // DONE without a manifest: files lost or being replaced; the reader shows "converting".
    if (!manifest && !converting) throw new ApiError('bookConverting');
    reply.header('cache-control', converting ? 'private, no-store' : cacheHeader(access));
    return ok(reply, await readerBook(app, access, manifest));
  });

  app.get('/public/book/text', { config: readerCall }, async (request, reply) => {
    const query = parse(ReaderTextQuerySchema, request.query);
    const access = await requireAccess(app, request, query.id, query.token);
    if (query.page > access.row.pages_total) throw new ApiError('validation', { fields: ['page'] });
    reply.header('cache-control', cacheHeader(access));
    return ok(reply, { page: query.page, text: await readPageText(app.storage, access.row.id, query.page) });
  });

  app.get('/public/book/search', { config: { ...readerCall, ...rateLimit(120, '1 minute') } }, async (request, reply) => {
    const query = parse(ReaderSearchQuerySchema, request.query);
    const access = await requireAccess(app, request, query.id, query.token);
    // Word boxes of a book converted before they existed are derived once here (pdftotext, ~1 s per
    // 1,000 pages), under the conversion tools' memory limit.
    const limits = { memoryBytes: app.config.convert.memoryBytes, timeoutMs: 120_000 };
    const hits: ReaderSearchHit[] = await searchBook(app, access.row.id, access.row.pages_total, query.q, limits);
    reply.header('cache-control', cacheHeader(access));
    return ok(reply, hits);
  });
};

export default readerRoutes;
