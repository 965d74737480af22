import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { UploadFieldsSchema } from '../../../contracts/books';
import { owner } from '../../auth/rules';
import { authOf } from '../../auth/session';
import type { BookRow } from '../../db/schema';
import { ok, parse } from '../../envelope';
import { assertOwnFolder } from '../../folders/repo';
import { withoutUnknownResources } from '../../library/repo';
import { rateLimit } from '../../plugins/security';
import { createUploadedBook } from '../../publish/create';
import { assertScheduling, coerceFormNumbers, pickSettings } from '../../publish/settings';
import { discardPart, receiveUpload } from '../../publish/upload';
import { bookView } from '../../publish/views';
import { pagesToken, privateToken } from '../../reader/access';
import { filesizeLimit } from './books';

/** Accepted client start times (ms) lie within a day of the server clock; others read as now. */
const START_TIME_SLACK_MS = 86_400_000;

/**
 * Upload (DESIGN §8: POST `{host}/pinwheel/document/create`, multipart, field `file`, SPEC §7 book
 * settings beside it). Multipart parsing is registered in this scope only: no other route accepts it.
 *
 * The book gets the SPEC §3 defaults for the account's mode, then the settings posted with the file.
 * Saved presets live in the browser (the current user's config.bookPresets); the client posts them
 * as these fields, so the server needs no preset storage of its own. A skin, background or logo
 * `resource:` that is neither a preset nor the account's own library item is dropped (default).
 *
 * The file goes to the store (`books/<id>/source`, publish/create.ts), then one transaction inserts the
 * book and its conversion job; the worker is woken after the commit, and the answer (the Book, status QUEUED) goes out at once.
 */
const uploadRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { throwFileSizeLimit: false });

  const rule = owner({ 'body.subscription.id': { resource: 'folder', refusal: 'validation' } });
  const options = { preHandler: app.requireSession, config: { ...rule, ...rateLimit(30, '1 minute') } };
  app.post('/pinwheel/document/create', options, async (request, reply) => {
    const { account } = authOf(request);
    const dataDir = app.config.dataDir;
    let upload: Awaited<ReturnType<typeof receiveUpload>>;
    try {
      upload = await receiveUpload(request, { dataDir, limit: filesizeLimit(app.config, account.mode) });
    } catch (error) {
      // The rest of the body is not read: close the connection after the answer instead of draining it.
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      throw error;
    }
    // The conversion's log line shows the upload as its first stage.
    const uploadMs = Math.round(reply.elapsedTime);
    const now = app.clock();
    let row: BookRow;
    try {
      const fields = parse(UploadFieldsSchema, coerceFormNumbers(upload.fields));
      // A saved preset may name a library item deleted since (or another account's): the book gets the default.
      const settings = await withoutUnknownResources(app.db, account.id, pickSettings(fields));
      assertScheduling(account.mode, settings, now);
      await assertOwnFolder(app.db, account.id, settings);
      const start =
        typeof fields.start_time === 'number' && Math.abs(fields.start_time - now) < START_TIME_SLACK_MS ? fields.start_time : now;
      row = await createUploadedBook(app, { account, upload, settings, now, startTime: start, uploadMs });
    } catch (error) {
      await discardPart(upload.partPath);
      throw error;
    }
    return ok(
      reply,
      await bookView(row, {
        config: app.config,
        now,
        privateToken: (book) => privateToken(app, book),
        pagesToken: (book) => pagesToken(app, book),
        storage: app.storage,
      }),
    );
  });
};

export default uploadRoutes;
