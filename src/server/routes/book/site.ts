import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { reader } from '../../auth/rules';
import { CACHE_IMMUTABLE } from '../../plugins/static';
import { seedDemo } from '../../publish/demo';
import { PART_SWEEP_EVERY_MS, sweepPartFiles } from '../../publish/upload';
import { jsonSettingsOf } from '../../publish/views';
import { callerAccount, findReaderRow, visitorGate } from '../../reader/access';
import { readerKeys } from '../../reader/files';
import { isSafeId, THUMB_SIZES, type ThumbSize } from '../../storage/paths';
import { sendStored } from '../../storage/serve';

/** A private or gated book's cover: the browser may keep it, shared caches may not. */
const CACHE_OWNER = 'private, max-age=3600';
const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not Found');

/**
 * Publishing outside the API: thumbnails at `{thumbs}/thumbs/<bookId>/<size>.webp` (no envelope; the
 * URLs carry `?r=<revision>`, so a file can be cached forever and a new rendering gets a new URL;
 * gated like the book's page images),
 * and, on start, the sweep of part files a crash left behind and the demo seed (QUIRE_DEMO).
 * Registered at the root by app.ts.
 */
const publishSiteRoutes: FastifyPluginAsync = async (app) => {
  const rule = reader({ book: 'params.bookId', token: 'query.t', key: 'pages' });
  app.get('/thumbs/:bookId/:file', { config: rule }, async (request, reply) => {
    const { bookId, file } = request.params as { bookId: string; file: string };
    const size = /^([a-z]+)\.webp$/.exec(file)?.[1];
    if (!isSafeId(bookId) || !size || !(THUMB_SIZES as readonly string[]).includes(size)) return notFound(reply);
    // A cover tells what a book is: a private one's only with its pages token (`t`, as its page
    // images) or to its owner; a scheduled, blocked or deactivated one's only to its owner. A book
    // still converting shows what it has (its owner's list polls it; nothing to hide there).
    const row = await findReaderRow(app, bookId);
    if (!row) return notFound(reply);
    const { t } = request.query as { t?: unknown };
    const gate = visitorGate(app, row, jsonSettingsOf(row), { kind: 'pages', token: typeof t === 'string' ? t : undefined }, app.clock());
    const open = gate === undefined || gate === 'bookConverting';
    if (!open && (await callerAccount(app, request)) !== row.account_id) return notFound(reply);
    const shared = open && row.publishing_mode !== 2;
    if (!shared) reply.header('vary', 'Cookie');
    // The widget and embeds show thumbnails on other sites, and the thumbs host may be a CDN.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    // From the file store (issue 19): another machine may have converted the book.
    return sendStored(app, request, reply, readerKeys(bookId).thumb(size as ThumbSize), {
      contentType: 'image/webp',
      cacheControl: shared ? CACHE_IMMUTABLE : CACHE_OWNER,
      notFound,
    });
  });

  // Part files of interrupted uploads: at start (those of a crashed process go at once), then regularly.
  const sweep = async () => {
    const removed = await sweepPartFiles(app.config.dataDir, app.clock()).catch(() => 0);
    if (removed > 0) app.log.info({ removed }, 'removed part files of interrupted uploads');
  };
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    sweeper = setInterval(sweep, PART_SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  if (app.config.demo) {
    app.addHook('onReady', async () => {
      // A demo that cannot be made must not keep the server from starting.
      await seedDemo(app).catch((err: unknown) => app.log.error({ err }, 'could not create the demo publication'));
    });
  }
};

export default publishSiteRoutes;
