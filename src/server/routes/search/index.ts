import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { EXPLICIT_COOKIE } from '../../../contracts/reader';
import {
  type BookSearchContent,
  BookSearchQuerySchema,
  type PublisherSearchContent,
  PublisherSearchQuerySchema,
} from '../../../contracts/search';
import { readCookie } from '../../auth/cookies';
import { PUBLIC } from '../../auth/rules';
import { ok, parse } from '../../envelope';
import { thumbUrl, viewerUrl } from '../../publish/views';
import { indexMissing, searchBooks, searchPublishers } from '../../search/repo';

/**
 * The site search (issue 15, src/server/search), anonymous:
 *   GET {api}/public/search/book?q&start&step&sortby   public books by title, description, publisher
 *                                                      and page text; sortby relevance | newest | reads
 *   GET {api}/public/search/publisher?q&start&step     publishers of public books by name
 * Explicit books only for a visitor who confirmed explicit content (SPEC §2 safe mode: the
 * EXPLICIT_COOKIE the public pages and the reader set). Answers are personal to that choice: not
 * kept by shared caches.
 */
const searchRoutes: FastifyPluginAsync = async (app) => {
  const explicitOk = (request: FastifyRequest) => readCookie(request, EXPLICIT_COOKIE) === '1';

  app.get('/public/search/book', { config: PUBLIC }, async (request, reply) => {
    const query = parse(BookSearchQuerySchema, request.query);
    const { list, total } = await searchBooks(app.db, { ...query, sort: query.sortby, explicit: explicitOk(request), now: app.clock() });
    const content: BookSearchContent = {
      list: list.map((row) => ({
        id: row.id,
        title: row.name,
        publisher: { id: row.account_id, name: row.account_name },
        cover: thumbUrl(app.config, row, 'medium'),
        reader: viewerUrl(app.config, row.id),
        publishedAt: row.published_at,
        pages: row.pages_total,
        reads: row.reads,
        isAdult: row.is_adult === 1,
        snippet: row.snippet,
        page: row.page,
      })),
      total,
      start: query.start,
      step: query.step,
      sortby: query.sortby,
    };
    reply.header('cache-control', 'private, no-cache');
    return ok(reply, content);
  });

  app.get('/public/search/publisher', { config: PUBLIC }, async (request, reply) => {
    const query = parse(PublisherSearchQuerySchema, request.query);
    const { list, total } = await searchPublishers(app.db, { ...query, explicit: explicitOk(request), now: app.clock() });
    const content: PublisherSearchContent = { list, total, start: query.start, step: query.step };
    reply.header('cache-control', 'private, no-cache');
    return ok(reply, content);
  });

  // Books converted before the index existed get their documents once the server is up, in the
  // background (a server that stops meanwhile goes on at its next start).
  let stopped = false;
  let backfill: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    backfill = indexMissing(app.db, app.storage, () => stopped).then(
      (count) => {
        if (count > 0) app.log.info({ count }, 'search: converted books indexed');
      },
      (err: unknown) => app.log.warn({ err }, 'search: indexing converted books failed'),
    );
  });
  app.addHook('preClose', async () => {
    stopped = true;
    await backfill;
  });
};

export default searchRoutes;
